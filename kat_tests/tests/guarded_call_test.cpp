// The guarded calls of hashes/loader/guarded_call.hpp: every verdict, from
// stand-in CryptHash functions called in this process and in children, and
// preflight() on a good library, misbehaving ones and a missing file.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

#include "guarded_call.hpp"
#include "test_support.hpp"

namespace ngcc {
namespace {

using Kind = Verdict::Kind;

int good(int bits, const unsigned char *, unsigned long long, unsigned char *d) {
  std::memset(d, 0x11, static_cast<std::size_t>(bits / 8));
  return 0;
}
int writes_32_past(int bits, const unsigned char *, unsigned long long, unsigned char *d) {
  std::memset(d, 0x11, static_cast<std::size_t>(bits / 8 + 32));
  return 0;
}
// Byte by byte, as a library's own loop would (ASan's memset checks the range first).
int writes_through_guard(int, const unsigned char *, unsigned long long, unsigned char *d) {
  for (std::size_t i = 0; i < 2 * 65536; ++i) static_cast<volatile unsigned char *>(d)[i] = 0x11;
  return 0;
}
int returns_3(int, const unsigned char *, unsigned long long, unsigned char *) { return 3; }
int reads_past(int, const unsigned char *m, unsigned long long bits, unsigned char *d) {
  d[0] = static_cast<const volatile unsigned char *>(m)[(bits + 7) / 8];
  return 0;
}
int writes_message(int, const unsigned char *m, unsigned long long, unsigned char *) {
  *const_cast<volatile unsigned char *>(static_cast<const volatile unsigned char *>(m)) = 1;
  return 0;
}
int aborts(int, const unsigned char *, unsigned long long, unsigned char *) { std::abort(); }
int exits(int, const unsigned char *, unsigned long long, unsigned char *) { std::_Exit(7); }

// One 12-bit call (2 message bytes against the guard page), numbered 41, in a child.
Verdict in_child(ngcc_crypthash_fn fn) {
  return GuardedChild::spawn([fn](CallWatch &watch) {
           GuardedBuffer msg(64);
           const std::uint8_t bytes[2] = {0x5A, 0xA0};
           const std::uint8_t *m = msg.place(bytes, 2);
           msg.make_read_only();
           GuardedHasher hasher(fn, 256, &watch);
           return hasher.hash(m, 12, 41);
         })
      .wait();
}

TEST(GuardedCall, InThisProcess) {
  GuardedBuffer msg(16);
  GuardedHasher ok(good, 256);
  EXPECT_TRUE(ok.hash(msg.end() - 2, 12).ok());
  EXPECT_EQ(ok.digest()[31], 0x11);
  GuardedHasher past(writes_32_past, 256);
  const Verdict v = past.hash(msg.end() - 2, 12, 5);
  EXPECT_EQ(v.kind, Kind::kWrotePastDigest);
  EXPECT_EQ(v.value, 32);
  EXPECT_EQ(v.call, 5u);
  EXPECT_EQ(v.describe(), "CryptHash wrote 32 bytes past a 256-bit digest");
  GuardedHasher fails(returns_3, 256);
  EXPECT_EQ(fails.hash(msg.end(), 0).describe(), "CryptHash returned 3");
}

TEST(GuardedCall, InAChild) {
  EXPECT_TRUE(in_child(good).ok());
  EXPECT_EQ(in_child(writes_32_past).value, 32);

  const Verdict read = in_child(reads_past);
  EXPECT_EQ(read.kind, Kind::kReadPastMessage) << read.describe();
  EXPECT_EQ(read.value, SIGSEGV);
  EXPECT_TRUE(read.in_call);
  EXPECT_EQ(read.call, 41u);
  EXPECT_EQ(read.msg_bits, 12u);
  EXPECT_NE(read.describe().find("read past the end of its 2-byte message"), std::string::npos) << read.describe();

  EXPECT_EQ(in_child(writes_message).kind, Kind::kWroteMessage);

  const Verdict through = in_child(writes_through_guard);
  EXPECT_EQ(through.kind, Kind::kWrotePastDigest) << through.describe();
  EXPECT_TRUE(through.past_canary);
  EXPECT_GE(through.value, static_cast<long long>(GuardedHasher::kMinCanary));

  const Verdict abort = in_child(aborts);
  EXPECT_EQ(abort.kind, Kind::kCrashed);
  EXPECT_EQ(abort.value, SIGABRT);
  EXPECT_TRUE(abort.in_call);

  const Verdict exit = in_child(exits);
  EXPECT_EQ(exit.kind, Kind::kExited);
  EXPECT_EQ(exit.value, 7);
  EXPECT_EQ(exit.describe(), "CryptHash ended the process (exit status 7)");

  const Verdict thrown = GuardedChild::spawn([](CallWatch &) -> Verdict { throw std::runtime_error("no luck"); }).wait();
  EXPECT_EQ(thrown.kind, Kind::kFailed);
  EXPECT_EQ(thrown.describe(), "no luck");
}

TEST(GuardedCall, Preflight) {
  const Verdict fine = preflight(test::module_path("CHIME-512-ref"), 512);
  EXPECT_TRUE(fine.ok()) << fine.describe();

  const Verdict over = preflight(NGCC_MISBEHAVE_OVERRUN, 256);
  EXPECT_EQ(over.describe(), "CryptHash wrote 96 bytes past a 256-bit digest");
  EXPECT_EQ(over.msg_bits, 0u);

  const Verdict crash = preflight(NGCC_MISBEHAVE_CRASH, 256);
  EXPECT_EQ(crash.kind, Kind::kCrashed) << crash.describe();
  EXPECT_EQ(crash.msg_bits, 5u);
  EXPECT_EQ(crash.describe(), "CryptHash crashed with signal 11 (Segmentation fault) at address 0x0");

  // A library defined on whole bytes only may refuse the other lengths
  // (NGCC_ERR_MESSAGE_LENGTH), but not whole bytes.
  const Verdict whole_bytes = preflight(test::module_path("pseudoXOF-512-iccs"), 512);
  EXPECT_TRUE(whole_bytes.ok()) << whole_bytes.describe();
  const Verdict refuses = preflight(NGCC_MISBEHAVE_REFUSES_EVERY_LENGTH, 256);
  EXPECT_EQ(refuses.kind, Kind::kReturned) << refuses.describe();
  EXPECT_EQ(refuses.value, NGCC_ERR_MESSAGE_LENGTH);
  EXPECT_EQ(refuses.msg_bits, 0u);

  const Verdict missing = preflight("/nonexistent/libmissing.so", 256);
  EXPECT_EQ(missing.kind, Kind::kFailed);
  EXPECT_NE(missing.describe().find("cannot open module"), std::string::npos) << missing.describe();
}

}  // namespace
}  // namespace ngcc

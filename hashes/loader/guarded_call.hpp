// Calling a CryptHash that may misbehave without letting it harm the caller
// (docs/architecture.md §1). Messages and digests sit against PROT_NONE guard pages; a
// canary zone between the digest and its guard page counts the bytes a call
// writes past digest_len_bits / 8; calls run in a child process that keeps
// the call in progress in a page shared with its supervisor, so a crash is
// named too. Every call, and every child, ends with one Verdict:
//   ok | returned N | wrote K bytes past the digest | read past the message |
//   wrote into the message | crashed with signal S | ended the process |
//   failed (our code in the child threw, e.g. a LoadError).
//
//   GuardedChild child = GuardedChild::spawn([&](CallWatch &watch) {
//     const Module module = Module::load(path);          // dlopen in the child only
//     GuardedHasher hasher(module.crypt_hash(), 512, &watch);
//     GuardedBuffer msg(64);
//     return hasher.hash(msg.place(bytes, 64), 512);
//   });
//   const Verdict v = child.wait();
//   if (!v.ok()) std::cerr << path << ": " << v.describe() << "\n";
//
// preflight() below is this for a handful of message lengths. Linux only
// (fork, mmap, sigaction); children are forked, so spawn from a process with
// no other threads running.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ngcc/crypthash.h"

namespace ngcc {

struct Verdict {
  enum class Kind {
    kOk,
    kReturned,         // value: the non-zero return code
    kWrotePastDigest,  // value: bytes written past digest_len_bits / 8 (past_canary:
                       // more than value bytes, the write reached the guard page)
    kReadPastMessage,  // value: the signal (a read hit the page after ceil(bits/8) bytes)
    kWroteMessage,     // value: the signal (the message is read-only)
    kCrashed,          // value: the signal
    kExited,           // value: the exit status (the library ended the process)
    kFailed,           // error: what our own code in the child could not do
  };
  Kind kind = Kind::kOk;
  long long value = 0;
  bool past_canary = false;
  bool in_call = false;      // the child was inside CryptHash when it ended
  std::uint64_t call = 0;    // the caller's number for the call in progress
  std::uint64_t msg_bits = 0;
  int digest_bits = 0;
  std::optional<std::uintptr_t> fault_address;  // of a SIGSEGV, SIGBUS, SIGILL or SIGFPE
  std::string error;

  bool ok() const { return kind == Kind::kOk; }
  // One phrase, e.g. "CryptHash wrote 32 bytes past a 256-bit digest".
  std::string describe() const;
};

// `capacity` bytes whose last byte is right before a PROT_NONE page, so any
// access past the end faults. Private memory, or shared with the children
// forked after it was made (Sharing::kShared: what a child writes, the parent
// sees; untouched private pages cost no memory and read as zero).
class GuardedBuffer {
 public:
  enum class Sharing { kPrivate, kShared };
  explicit GuardedBuffer(std::size_t capacity, Sharing sharing = Sharing::kPrivate);
  GuardedBuffer(GuardedBuffer &&other) noexcept;
  GuardedBuffer &operator=(GuardedBuffer &&other) noexcept;
  GuardedBuffer(const GuardedBuffer &) = delete;
  GuardedBuffer &operator=(const GuardedBuffer &) = delete;
  ~GuardedBuffer();

  std::uint8_t *data() const { return data_; }
  std::uint8_t *end() const { return data_ + capacity_; }  // the guard page
  std::size_t capacity() const { return capacity_; }
  // Copies n <= capacity bytes so that they end at the guard page.
  const std::uint8_t *place(const std::uint8_t *bytes, std::size_t n);
  // From now on a write faults as well.
  void make_read_only();

 private:
  std::uint8_t *map_ = nullptr, *data_ = nullptr;
  std::size_t map_size_ = 0, capacity_ = 0;
};

// The state a child shares with its supervisor: the call in progress, the
// address ranges a fault is judged by, and how the child ended. Opaque: only
// GuardedHasher and GuardedChild touch it.
struct CallWatch;

// Calls one CryptHash with the digest against a canary zone (at least
// kMinCanary bytes) and a guard page. The message pointer is the caller's;
// place it at a GuardedBuffer's end for reads past it to fault.
class GuardedHasher {
 public:
  static constexpr std::size_t kMinCanary = 1024;
  // `watch`: the child's CallWatch (from GuardedChild::spawn), or nullptr
  // when no supervisor needs to know which call was in progress.
  GuardedHasher(ngcc_crypthash_fn fn, int digest_bits, CallWatch *watch = nullptr);

  // kOk, kReturned, or kWrotePastDigest. `call` is the caller's number for
  // it (a record, an iteration), reported if the child dies in this call.
  Verdict hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint64_t call = 0);
  const std::uint8_t *digest() const { return buffer_.data(); }
  std::size_t digest_size() const { return digest_size_; }

 private:
  std::size_t overrun() const;
  ngcc_crypthash_fn fn_;
  int digest_bits_;
  std::size_t digest_size_;
  GuardedBuffer buffer_;
  std::vector<std::uint8_t> canary_;
  CallWatch *watch_;
};

// A forked child running `body` with fatal signals caught on an alternate
// stack: the handler records the signal, the faulting address and whether it
// hit a guard page of the call in progress, then lets the signal end the
// child. The parent learns the verdict from wait() or poll(). The child dies
// with its parent (PR_SET_PDEATHSIG) and never returns from spawn.
class GuardedChild {
 public:
  using Body = std::function<Verdict(CallWatch &)>;
  static GuardedChild spawn(const Body &body);

  GuardedChild(GuardedChild &&other) noexcept;
  GuardedChild &operator=(GuardedChild &&other) noexcept;
  GuardedChild(const GuardedChild &) = delete;
  GuardedChild &operator=(const GuardedChild &) = delete;
  ~GuardedChild();  // a child still running is killed and reaped

  pid_t pid() const { return pid_; }
  Verdict wait();                 // blocks until the child has ended
  std::optional<Verdict> poll();  // the verdict once the child has ended

 private:
  GuardedChild(pid_t pid, CallWatch *watch) : pid_(pid), watch_(watch) {}
  Verdict verdict(int wait_status) const;
  void release();
  pid_t pid_ = -1;
  CallWatch *watch_ = nullptr;
};

// Pre-flight check of a library before measuring it: in a child process,
// loads `path` and hashes messages of every bit length 0 … 1024 and of
// 2^20 bits at `digest_bits`, each message ending at a guard page. The first
// call that misbehaves decides (Verdict::msg_bits says which); kFailed if
// the library cannot be loaded. NGCC_ERR_MESSAGE_LENGTH for a length that is
// not a multiple of 8 is a refusal the policy allows, not a misbehaviour.
Verdict preflight(const std::string &path, int digest_bits);

}  // namespace ngcc

#include "guarded_call.hpp"

#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <system_error>
#include <utility>

#include "common/bits.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc {

// Lives in a MAP_SHARED page: written by the child (and its signal handler),
// read by the parent once the child has ended.
struct CallWatch {
  std::size_t page = 0;
  // The call in progress and the ranges a fault is judged by.
  std::uint64_t call = 0, msg_bits = 0;
  int digest_bits = 0;
  int in_call = 0;
  std::uintptr_t msg_begin = 0, msg_end = 0, digest_guard = 0;
  std::size_t canary = 0;
  // A fatal signal, as the handler saw it.
  int signal = 0;
  Verdict::Kind fault_kind = Verdict::Kind::kCrashed;
  int has_fault_address = 0;
  std::uintptr_t fault_address = 0;
  // The body's own verdict, once it returned.
  int finished = 0;
  Verdict::Kind kind = Verdict::Kind::kOk;
  long long value = 0;
  int past_canary = 0;
  char error[512] = {};
};

namespace {

std::size_t page_size() {
  static const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

std::size_t round_up(std::size_t n, std::size_t page) { return (n + page - 1) / page * page; }

constexpr std::size_t kHugePage = 2u << 20;

[[noreturn]] void throw_errno(const std::string &what) {
  throw std::system_error(errno, std::generic_category(), what);
}

// The child's own watch, for its signal handler (one per child process).
CallWatch *g_child_watch = nullptr;

constexpr int kFatalSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS};

bool in_range(std::uintptr_t a, std::uintptr_t begin, std::uintptr_t end) { return a >= begin && a < end; }

// Async-signal-safe: records what happened, then lets the signal end the
// child (SA_RESETHAND restored the default action; the raised signal is
// delivered when the handler returns).
void on_fatal_signal(int sig, siginfo_t *info, void *) {
  CallWatch *w = g_child_watch;
  const bool addressed = sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE;
  const auto a = reinterpret_cast<std::uintptr_t>(info->si_addr);
  Verdict::Kind kind = Verdict::Kind::kCrashed;
  if (w->in_call && (sig == SIGSEGV || sig == SIGBUS)) {
    if (in_range(a, w->msg_end, w->msg_end + w->page)) kind = Verdict::Kind::kReadPastMessage;
    else if (in_range(a, w->msg_begin, w->msg_end)) kind = Verdict::Kind::kWroteMessage;
    else if (in_range(a, w->digest_guard, w->digest_guard + w->page)) kind = Verdict::Kind::kWrotePastDigest;
  }
  w->fault_kind = kind;
  w->has_fault_address = addressed;
  w->fault_address = addressed ? a : 0;
  w->signal = sig;
  ::raise(sig);
}

void install_fault_handlers() {
  // AArch64 signal frames carry the SVE/SME registers: the kernel's minimum
  // (_SC_MINSIGSTKSZ) can exceed the usual 64 KiB.
  const long minimum = ::sysconf(_SC_MINSIGSTKSZ);
  const std::size_t stack_size = std::max<std::size_t>(64 * 1024, minimum > 0 ? 4 * static_cast<std::size_t>(minimum) : 0);
  void *stack = ::mmap(nullptr, stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (stack != MAP_FAILED) {
    stack_t ss{};
    ss.ss_sp = stack;
    ss.ss_size = stack_size;
    ::sigaltstack(&ss, nullptr);  // without it a stack overflow is still caught, as a plain crash
  }
  struct sigaction sa {};
  sa.sa_sigaction = on_fatal_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  for (int sig : kFatalSignals) ::sigaction(sig, &sa, nullptr);
}

[[noreturn]] void run_child(CallWatch &watch, const GuardedChild::Body &body, pid_t parent) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(1);  // the parent died before prctl
  g_child_watch = &watch;
  install_fault_handlers();
  Verdict v;
  try {
    v = body(watch);
  } catch (const std::exception &e) {
    v.kind = Verdict::Kind::kFailed;
    v.error = e.what();
  } catch (...) {
    v.kind = Verdict::Kind::kFailed;
    v.error = "unknown exception in the child process";
  }
  watch.kind = v.kind;
  watch.value = v.value;
  watch.past_canary = v.past_canary;
  if (v.kind != Verdict::Kind::kOk && v.kind != Verdict::Kind::kFailed) {
    watch.call = v.call;
    watch.msg_bits = v.msg_bits;
    watch.digest_bits = v.digest_bits;
  }
  std::strncpy(watch.error, v.error.c_str(), sizeof watch.error - 1);
  watch.finished = 1;
  ::_exit(0);  // no atexit handlers, no leak check: the parent owns the outcome
}

}  // namespace

std::string Verdict::describe() const {
  const std::string digest = std::to_string(digest_bits) + "-bit digest";
  const std::string signal = "signal " + std::to_string(value) + " (" + ::strsignal(static_cast<int>(value)) + ")";
  switch (kind) {
    case Kind::kOk: return "ok";
    case Kind::kReturned: return "CryptHash returned " + std::to_string(value);
    case Kind::kWrotePastDigest:
      if (past_canary)
        return "CryptHash wrote more than " + std::to_string(value) + " bytes past a " + digest +
               " (up to its guard page)";
      return "CryptHash wrote " + std::to_string(value) + " bytes past a " + digest;
    case Kind::kReadPastMessage:
      return "CryptHash read past the end of its " + std::to_string(bytes_for_bits(msg_bits)) +
             "-byte message: " + signal + " on the guard page after it";
    case Kind::kWroteMessage: return "CryptHash wrote into its read-only message: " + signal;
    case Kind::kCrashed: {
      std::string s = std::string(in_call ? "CryptHash crashed" : "crashed outside CryptHash") + " with " + signal;
      if (fault_address) {
        char address[32];
        std::snprintf(address, sizeof address, " at address 0x%jx", static_cast<std::uintmax_t>(*fault_address));
        s += address;
      }
      return s;
    }
    case Kind::kExited:
      return std::string(in_call ? "CryptHash ended the process" : "the child process ended early") +
             " (exit status " + std::to_string(value) + ")";
    case Kind::kFailed: return error;
  }
  return "unknown verdict";
}

GuardedBuffer::GuardedBuffer(std::size_t capacity, Sharing sharing) : capacity_(capacity) {
  const std::size_t page = page_size(), body = round_up(capacity, page);
  map_size_ = body + page;
  const int visibility = sharing == Sharing::kShared ? MAP_SHARED : MAP_PRIVATE;
  void *map = ::mmap(nullptr, map_size_, PROT_READ | PROT_WRITE, visibility | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED) throw_errno("mmap of a " + std::to_string(capacity) + "-byte guarded buffer");
  map_ = static_cast<std::uint8_t *>(map);
  // Large private buffers in huge pages where the kernel allows: a child
  // forked later then gets a few page-table entries instead of a fault per
  // base page (and untouched memory reads from the huge zero page).
  if (sharing == Sharing::kPrivate && body >= kHugePage) ::madvise(map_, body, MADV_HUGEPAGE);
  if (::mprotect(map_ + body, page, PROT_NONE) != 0) {
    const int e = errno;
    ::munmap(map_, map_size_);
    throw std::system_error(e, std::generic_category(), "mprotect of a guard page");
  }
  data_ = map_ + body - capacity;
}

GuardedBuffer::GuardedBuffer(GuardedBuffer &&other) noexcept
    : map_(std::exchange(other.map_, nullptr)),
      data_(std::exchange(other.data_, nullptr)),
      map_size_(std::exchange(other.map_size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)) {}

GuardedBuffer &GuardedBuffer::operator=(GuardedBuffer &&other) noexcept {
  if (this != &other) {
    if (map_ != nullptr) ::munmap(map_, map_size_);
    map_ = std::exchange(other.map_, nullptr);
    data_ = std::exchange(other.data_, nullptr);
    map_size_ = std::exchange(other.map_size_, 0);
    capacity_ = std::exchange(other.capacity_, 0);
  }
  return *this;
}

GuardedBuffer::~GuardedBuffer() {
  if (map_ != nullptr) ::munmap(map_, map_size_);
}

const std::uint8_t *GuardedBuffer::place(const std::uint8_t *bytes, std::size_t n) {
  if (n > capacity_) throw std::length_error("GuardedBuffer::place: more bytes than its capacity");
  if (n > 0) std::memcpy(end() - n, bytes, n);
  return end() - n;
}

void GuardedBuffer::make_read_only() {
  const std::size_t body = map_size_ - page_size();
  if (body > 0 && ::mprotect(map_, body, PROT_READ) != 0) throw_errno("mprotect of a read-only buffer");
}

GuardedHasher::GuardedHasher(ngcc_crypthash_fn fn, int digest_bits, CallWatch *watch)
    : fn_(fn),
      digest_bits_(digest_bits),
      digest_size_(digest_bits > 0 ? static_cast<std::size_t>(digest_bits) / 8 : 0),
      buffer_(round_up(digest_size_ + kMinCanary, page_size())),
      watch_(watch) {
  // Digest at the start of the buffer, the canary zone up to the guard page;
  // a fixed pseudo-random pattern, unlikely to be written by chance.
  canary_.resize(buffer_.capacity() - digest_size_);
  std::uint32_t x = 0x9E3779B9u;
  for (auto &b : canary_) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    b = static_cast<std::uint8_t>(x >> 24);
  }
  std::memcpy(buffer_.data() + digest_size_, canary_.data(), canary_.size());
}

std::size_t GuardedHasher::overrun() const {
  const std::uint8_t *zone = buffer_.data() + digest_size_;
  if (std::memcmp(zone, canary_.data(), canary_.size()) == 0) return 0;
  std::size_t last = canary_.size();
  while (zone[last - 1] == canary_[last - 1]) --last;
  return last;
}

Verdict GuardedHasher::hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint64_t call) {
  Verdict v;
  v.call = call;
  v.msg_bits = msg_bits;
  v.digest_bits = digest_bits_;
  if (watch_ != nullptr) {
    watch_->call = call;
    watch_->msg_bits = msg_bits;
    watch_->digest_bits = digest_bits_;
    watch_->msg_begin = reinterpret_cast<std::uintptr_t>(msg);
    watch_->msg_end = watch_->msg_begin + bytes_for_bits(msg_bits);
    watch_->digest_guard = reinterpret_cast<std::uintptr_t>(buffer_.end());
    watch_->canary = canary_.size();
    watch_->in_call = 1;
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }
  const int rc = fn_(digest_bits_, msg, msg_bits, buffer_.data());
  if (watch_ != nullptr) {
    std::atomic_signal_fence(std::memory_order_seq_cst);
    watch_->in_call = 0;
  }
  if (const std::size_t past = overrun()) {
    v.kind = Verdict::Kind::kWrotePastDigest;
    v.value = static_cast<long long>(past);
  } else if (rc != 0) {
    v.kind = Verdict::Kind::kReturned;
    v.value = rc;
  }
  return v;
}

GuardedChild GuardedChild::spawn(const Body &body) {
  void *page = ::mmap(nullptr, sizeof(CallWatch), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) throw_errno("mmap of a child's watch page");
  auto *watch = new (page) CallWatch{};
  watch->page = page_size();
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int e = errno;
    ::munmap(page, sizeof(CallWatch));
    throw std::system_error(e, std::generic_category(), "fork");
  }
  if (pid == 0) run_child(*watch, body, parent);
  return GuardedChild(pid, watch);
}

GuardedChild::GuardedChild(GuardedChild &&other) noexcept
    : pid_(std::exchange(other.pid_, -1)), watch_(std::exchange(other.watch_, nullptr)) {}

GuardedChild &GuardedChild::operator=(GuardedChild &&other) noexcept {
  if (this != &other) {
    release();
    pid_ = std::exchange(other.pid_, -1);
    watch_ = std::exchange(other.watch_, nullptr);
  }
  return *this;
}

GuardedChild::~GuardedChild() { release(); }

void GuardedChild::release() {
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    while (::waitpid(pid_, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  if (watch_ != nullptr) ::munmap(watch_, sizeof(CallWatch));
  pid_ = -1;
  watch_ = nullptr;
}

Verdict GuardedChild::verdict(int status) const {
  const CallWatch &w = *watch_;
  Verdict v;
  v.call = w.call;
  v.msg_bits = w.msg_bits;
  v.digest_bits = w.digest_bits;
  v.in_call = w.in_call != 0;
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const bool caught = w.signal == sig;
    v.kind = caught ? w.fault_kind : Verdict::Kind::kCrashed;
    v.value = sig;
    if (caught && w.has_fault_address) v.fault_address = w.fault_address;
    if (v.kind == Verdict::Kind::kWrotePastDigest) {
      v.past_canary = true;
      v.value = static_cast<long long>(w.canary);
    }
  } else if (!w.finished) {
    v.kind = Verdict::Kind::kExited;
    v.value = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  } else {
    v.kind = w.kind;
    v.value = w.value;
    v.past_canary = w.past_canary != 0;
    v.in_call = false;
    v.error.assign(w.error, strnlen(w.error, sizeof w.error));
  }
  return v;
}

Verdict GuardedChild::wait() {
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0) {
    if (errno != EINTR) throw_errno("waitpid");
  }
  pid_ = -1;
  return verdict(status);
}

std::optional<Verdict> GuardedChild::poll() {
  int status = 0;
  const pid_t r = ::waitpid(pid_, &status, WNOHANG);
  if (r == 0 || (r < 0 && errno == EINTR)) return std::nullopt;
  if (r < 0) throw_errno("waitpid");
  pid_ = -1;
  return verdict(status);
}

Verdict preflight(const std::string &path, int digest_bits) {
  GuardedChild child = GuardedChild::spawn([&](CallWatch &watch) {
    const Module module = Module::load(path);
    GuardedHasher hasher(module.crypt_hash(), digest_bits, &watch);
    constexpr std::uint64_t kLongBits = 1u << 20;
    GuardedBuffer msg(kLongBits / 8);
    for (std::size_t i = 0; i < msg.capacity(); ++i) msg.data()[i] = static_cast<std::uint8_t>(i * 131 + 7);
    msg.make_read_only();
    std::uint64_t call = 0;
    auto hash = [&](std::uint64_t bits) { return hasher.hash(msg.end() - bytes_for_bits(bits), bits, call++); };
    // A library defined on whole bytes only may refuse the other lengths with
    // the policy's code (crypthash.h); any other answer to them still counts.
    auto refused_partial_byte = [](const Verdict &v) {
      return v.kind == Verdict::Kind::kReturned && v.value == NGCC_ERR_MESSAGE_LENGTH && v.msg_bits % 8 != 0;
    };
    for (std::uint64_t bits = 0; bits <= 1024; ++bits)
      if (Verdict v = hash(bits); !v.ok() && !refused_partial_byte(v)) return v;
    return hash(kLongBits);
  });
  return child.wait();
}

}  // namespace ngcc

#include "memory_probe.hpp"

#include <link.h>
#include <malloc.h>
#include <sys/mman.h>
#include <ucontext.h>

#include <cerrno>
#include <cstring>

// glibc's allocator entry points; our replacements below forward to them
// (glibc documents replacing malloc in the executable: "Replacing malloc").
extern "C" {
void *__libc_malloc(std::size_t);
void *__libc_calloc(std::size_t, std::size_t);
void *__libc_realloc(void *, std::size_t);
void __libc_free(void *);
void *__libc_memalign(std::size_t, std::size_t);
}

namespace ngcc::bench {
namespace {

// ---- allocation counting -------------------------------------------------
// Only the thread that runs measure_call counts, and only during the call.
// Live blocks are remembered (pointer -> requested size) in a fixed table so
// frees inside the call lower the live total; a block freed inside the call
// but allocated before it is ignored. If the table fills up, further frees
// are not subtracted: heap_bytes then is an upper bound.
constexpr std::size_t kTrackSlots = 4096;
// Trivial type: zero-initialised thread_local storage, no TLS constructor
// (malloc runs before main and in every thread).
struct HeapTracker {
  bool active;
  std::size_t live, peak, count;
  void *ptr[kTrackSlots];
  std::size_t size[kTrackSlots];
};
thread_local HeapTracker tracker;

void note_alloc(void *p, std::size_t n) {
  if (!tracker.active || p == nullptr) return;
  tracker.active = false;  // no recursion while bookkeeping
  ++tracker.count;
  tracker.live += n;
  if (tracker.live > tracker.peak) tracker.peak = tracker.live;
  for (std::size_t i = 0; i < kTrackSlots; ++i)
    if (tracker.ptr[i] == nullptr) {
      tracker.ptr[i] = p;
      tracker.size[i] = n;
      break;
    }
  tracker.active = true;
}

void note_free(void *p) {
  if (!tracker.active || p == nullptr) return;
  for (std::size_t i = 0; i < kTrackSlots; ++i)
    if (tracker.ptr[i] == p) {
      tracker.live -= tracker.size[i];
      tracker.ptr[i] = nullptr;
      return;
    }
}

// ---- painted stack -------------------------------------------------------
constexpr std::size_t kStackSize = 1u << 20;
constexpr unsigned char kPaint = 0xA5;

struct StackRun {
  const std::function<void()> *call;
  ucontext_t caller, callee;
};
StackRun *current_run = nullptr;  // set only around swapcontext, same thread

void trampoline() {
  (*current_run->call)();
  // returning resumes uc_link (the caller)
}

// Bytes of the painted stack overwritten by running `call` on it.
std::size_t stack_use(const std::function<void()> &call) {
  void *stack = mmap(nullptr, kStackSize, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK, -1, 0);
  if (stack == MAP_FAILED) return 0;
  auto *base = static_cast<unsigned char *>(stack);
  std::memset(base, kPaint, kStackSize);
  StackRun run{&call, {}, {}};
  getcontext(&run.callee);
  run.callee.uc_stack.ss_sp = base;
  run.callee.uc_stack.ss_size = kStackSize;
  run.callee.uc_link = &run.caller;
  makecontext(&run.callee, trampoline, 0);
  current_run = &run;
  swapcontext(&run.caller, &run.callee);
  current_run = nullptr;
  // The stack grows down: the lowest overwritten byte is the high-water mark.
  std::size_t untouched = 0;
  while (untouched < kStackSize && base[untouched] == kPaint) ++untouched;
  munmap(stack, kStackSize);
  return kStackSize - untouched;
}

struct PhdrQuery {
  std::uintptr_t address;
  std::uint64_t bytes;
  bool found;
};

int sum_loads(dl_phdr_info *info, std::size_t, void *data) {
  auto *q = static_cast<PhdrQuery *>(data);
  bool contains = false;
  std::uint64_t sum = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type != PT_LOAD) continue;
    sum += ph.p_memsz;
    const std::uintptr_t start = info->dlpi_addr + ph.p_vaddr;
    if (q->address >= start && q->address < start + ph.p_memsz) contains = true;
  }
  if (!contains) return 0;
  q->bytes = sum;
  q->found = true;
  return 1;
}

// Stack bytes of `call` run with counting on; the tracker holds its heap use.
std::size_t counted_stack_use(const std::function<void()> &call) {
  std::memset(&tracker, 0, sizeof tracker);
  const std::function<void()> counted = [&call] {
    tracker.active = true;
    call();
    tracker.active = false;
  };
  return stack_use(counted);
}

}  // namespace

std::uint64_t static_bytes_of(const void *address) {
  PhdrQuery q{reinterpret_cast<std::uintptr_t>(address), 0, false};
  dl_iterate_phdr(sum_loads, &q);
  return q.found ? q.bytes : 0;
}

CallMemory measure_call(const std::function<void()> &call) {
  static const std::function<void()> empty = [] {};
  const std::size_t probe_frames = counted_stack_use(empty);
  const std::size_t used = counted_stack_use(call);
  CallMemory m;
  m.stack_bytes = used > probe_frames ? used - probe_frames : 0;
  m.heap_bytes = tracker.peak;
  m.allocations = tracker.count;
  return m;
}

}  // namespace ngcc::bench

// ---- allocator replacement (whole executable) ----------------------------
using ngcc::bench::note_alloc;
using ngcc::bench::note_free;

extern "C" {
void *malloc(std::size_t n) {
  void *p = __libc_malloc(n);
  note_alloc(p, n);
  return p;
}
void *calloc(std::size_t count, std::size_t n) {
  void *p = __libc_calloc(count, n);
  note_alloc(p, count * n);
  return p;
}
void *realloc(void *old, std::size_t n) {
  note_free(old);
  void *p = __libc_realloc(old, n);
  note_alloc(p, n);
  return p;
}
void free(void *p) {
  note_free(p);
  __libc_free(p);
}
void *memalign(std::size_t align, std::size_t n) {
  void *p = __libc_memalign(align, n);
  note_alloc(p, n);
  return p;
}
void *aligned_alloc(std::size_t align, std::size_t n) { return memalign(align, n); }
int posix_memalign(void **out, std::size_t align, std::size_t n) {
  if (align % sizeof(void *) != 0 || (align & (align - 1)) != 0) return EINVAL;
  void *p = memalign(align, n);
  if (p == nullptr) return ENOMEM;
  *out = p;
  return 0;
}
}

/* The instruction addresses one call of a function executes, in order, on
   x86-64 Linux: runs PROGRAM ARGS... under ptrace, single-steps from the
   first arrival at ENTRY (hex) until that call returns, and prints one hex
   address a line; exit status 3 where the call returns non-zero. qemu-user
   does the same for other architectures (tools/hashbench/mca/trace.py); qemu has no
   AVX-512, this runs natively. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

static int step_until(pid_t pid, uint64_t target, struct user_regs_struct *regs, FILE *out) {
  for (;;) {
    int status;
    if (ptrace(PTRACE_GETREGS, pid, 0, regs) != 0) return -1;
    if (regs->rip == target) return 0;
    if (out) fprintf(out, "%llx\n", (unsigned long long)regs->rip);
    if (ptrace(PTRACE_SINGLESTEP, pid, 0, 0) != 0) return -1;
    if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status)) return -1;
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s ENTRY_HEX PROGRAM [ARGS...]\n", argv[0]);
    return 2;
  }
  const uint64_t entry = strtoull(argv[1], NULL, 16);
  const pid_t pid = fork();
  if (pid == 0) {
    ptrace(PTRACE_TRACEME, 0, 0, 0);
    execv(argv[2], argv + 2);
    _exit(127);
  }
  int status;
  if (waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status)) {
    fprintf(stderr, "ptrace_trace: %s did not start\n", argv[2]);
    return 1;
  }
  // To the entry at full speed: an int3 there, removed on arrival.
  struct user_regs_struct regs;
  errno = 0;
  const long code = ptrace(PTRACE_PEEKTEXT, pid, (void *)entry, 0);
  if (errno != 0 || ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)((code & ~0xffL) | 0xcc)) != 0 ||
      ptrace(PTRACE_CONT, pid, 0, 0) != 0 || waitpid(pid, &status, 0) != pid || !WIFSTOPPED(status) ||
      ptrace(PTRACE_GETREGS, pid, 0, &regs) != 0 || regs.rip != entry + 1) {
    fprintf(stderr, "ptrace_trace: %s ended before reaching 0x%llx\n", argv[2], (unsigned long long)entry);
    return 1;
  }
  regs.rip = entry;
  ptrace(PTRACE_POKETEXT, pid, (void *)entry, (void *)code);
  ptrace(PTRACE_SETREGS, pid, 0, &regs);
  errno = 0;
  const long ret = ptrace(PTRACE_PEEKDATA, pid, (void *)regs.rsp, 0);
  if (errno != 0 || step_until(pid, (uint64_t)ret, &regs, stdout) != 0) {
    fprintf(stderr, "ptrace_trace: lost %s inside the call: %s\n", argv[2], strerror(errno));
    return 1;
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  // The call's return value: a module this CPU cannot run returns 4 at once.
  if ((int)regs.rax != 0) {
    fprintf(stderr, "ptrace_trace: the call returned %d\n", (int)regs.rax);
    return 3;
  }
  return 0;
}

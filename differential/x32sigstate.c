// SPDX-License-Identifier: GPL-2.0
/*
 * x32sigstate: everything an x32 program can observe of signal delivery,
 * printed as text, so that the same program on two kernels (ours and
 * mainline's x32) can be compared line by line (scripts/differential).
 *
 * Each case sets every general register to a known value in assembly,
 * makes a signal arrive (a system call, a fault, a timer interrupting user
 * code, a blocked call interrupted with and without SA_RESTART, ...), and
 * prints:
 *   - the registers at the handler's first instruction, saved by an
 *     assembly stub before any compiler-generated code runs (general
 *     registers, rflags, the six segment selectors, xmm0, MXCSR, the x87
 *     control word);
 *   - the frame: the x32 ucontext field by field (uc_flags, uc_link,
 *     uc_stack, the sigcontext, the fpstate's legacy area, uc_sigmask),
 *     the return address above it and, with SA_SIGINFO, the siginfo;
 *   - after the handler edited the ucontext (registers, uc_stack,
 *     uc_sigmask, rip) and returned: the registers, the signal mask and
 *     the alternate stack the program is left with.
 * Addresses that depend on where the stack is (the environment differs
 * between boots) are printed relative to the stack pointer before the
 * signal, or to the alternate stack; the program is static and not PIE.
 *
 * It asserts nothing: any line that differs between two kernels is a
 * difference an x32 program can see.  Build: gcc -mx32 -static -no-pie.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef __ILP32__
#error "x32sigstate is an x32 program: build it with -mx32"
#endif

#define X32_BIT 0x40000000UL

/*
 * Register slots, 8 bytes each: the 16 general registers in the order
 * below, then rflags, cs, ss, ds, es, fs, gs, xmm0 (two slots), MXCSR and
 * the x87 control word.
 */
enum {
	S_RAX, S_RBX, S_RCX, S_RDX, S_RSI, S_RDI, S_RBP, S_RSP,
	S_R8, S_R9, S_R10, S_R11, S_R12, S_R13, S_R14, S_R15,
	S_FLAGS, S_CS, S_SS, S_DS, S_ES, S_FS, S_GS, S_XMM0, S_XMM0H,
	S_MXCSR, S_FCW, S_NR
};
static const char *const slot_name[S_NR] = {
	"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rbp", "rsp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
	"rflags", "cs", "ss", "ds", "es", "fs", "gs", "xmm0.lo", "xmm0.hi",
	"mxcsr", "fcw",
};

uint64_t entry_regs[S_NR];	/* at the handler's first instruction */
uint64_t after_regs[S_NR];	/* after the signal, back in the trigger */
uint64_t trig_rsp;		/* the stack pointer the trigger ran on */
uint64_t trig_nr, trig_a1, trig_a2, trig_a3, trig_a4;	/* its system call */
volatile uint32_t spin_flag;
/* xmm0-xmm15 while the trigger runs: 16 patterns of 16 bytes. */
uint8_t xmm_patterns[256] __attribute__((aligned(16)));

void sig_entry(void);
void trig_syscall(void);	/* the system call trig_nr(trig_a1, a2, a3) */
void trig_nullseg(void);	/* the same, with ds and es loaded with 0 */
void trig_fault(void);		/* a load from 0x10 (rcx) */
void trig_spin(void);		/* spin until spin_flag is set */
void trig_std(void);		/* the system call with DF set */
extern char trig_fault_insn[], trig_spin_begin[], trig_spin_end[];

/*
 * The value in each general register while a trigger runs: rN holds
 * 0x0N0N...; rsp is the stack, rcx is the fault address in trig_fault,
 * rax/rdi/rsi/rdx/r10 are the system call's number and arguments.
 */
#define SAVE(dst)							\
	"mov %rax, " dst "+0(%rip)\n\t"					\
	"mov %rbx, " dst "+8(%rip)\n\t"					\
	"mov %rcx, " dst "+16(%rip)\n\t"				\
	"mov %rdx, " dst "+24(%rip)\n\t"				\
	"mov %rsi, " dst "+32(%rip)\n\t"				\
	"mov %rdi, " dst "+40(%rip)\n\t"				\
	"mov %rbp, " dst "+48(%rip)\n\t"				\
	"mov %rsp, " dst "+56(%rip)\n\t"				\
	"mov %r8, " dst "+64(%rip)\n\t"					\
	"mov %r9, " dst "+72(%rip)\n\t"					\
	"mov %r10, " dst "+80(%rip)\n\t"				\
	"mov %r11, " dst "+88(%rip)\n\t"				\
	"mov %r12, " dst "+96(%rip)\n\t"				\
	"mov %r13, " dst "+104(%rip)\n\t"				\
	"mov %r14, " dst "+112(%rip)\n\t"				\
	"mov %r15, " dst "+120(%rip)\n\t"				\
	"pushfq\n\t"							\
	"popq " dst "+128(%rip)\n\t"					\
	"xor %eax, %eax\n\t"						\
	"mov %cs, %eax\n\t"						\
	"mov %rax, " dst "+136(%rip)\n\t"				\
	"mov %ss, %eax\n\t"						\
	"mov %rax, " dst "+144(%rip)\n\t"				\
	"mov %ds, %eax\n\t"						\
	"mov %rax, " dst "+152(%rip)\n\t"				\
	"mov %es, %eax\n\t"						\
	"mov %rax, " dst "+160(%rip)\n\t"				\
	"mov %fs, %eax\n\t"						\
	"mov %rax, " dst "+168(%rip)\n\t"				\
	"mov %gs, %eax\n\t"						\
	"mov %rax, " dst "+176(%rip)\n\t"				\
	"movdqu %xmm0, " dst "+184(%rip)\n\t"				\
	"stmxcsr " dst "+200(%rip)\n\t"					\
	"fnstcw " dst "+208(%rip)\n\t"

/* Callee-saved registers kept, every register given its pattern. */
#define ENTER								\
	"push %rbx\n\tpush %rbp\n\tpush %r12\n\t"			\
	"push %r13\n\tpush %r14\n\tpush %r15\n\t"			\
	"lea xmm_patterns(%rip), %rax\n\t"				\
	"movdqa 0(%rax), %xmm0\n\tmovdqa 16(%rax), %xmm1\n\t"		\
	"movdqa 32(%rax), %xmm2\n\tmovdqa 48(%rax), %xmm3\n\t"		\
	"movdqa 64(%rax), %xmm4\n\tmovdqa 80(%rax), %xmm5\n\t"		\
	"movdqa 96(%rax), %xmm6\n\tmovdqa 112(%rax), %xmm7\n\t"	\
	"movdqa 128(%rax), %xmm8\n\tmovdqa 144(%rax), %xmm9\n\t"	\
	"movdqa 160(%rax), %xmm10\n\tmovdqa 176(%rax), %xmm11\n\t"	\
	"movdqa 192(%rax), %xmm12\n\tmovdqa 208(%rax), %xmm13\n\t"	\
	"movdqa 224(%rax), %xmm14\n\tmovdqa 240(%rax), %xmm15\n\t"	\
	"mov %rsp, trig_rsp(%rip)\n\t"					\
	"movabs $0x0a0a0a0a0a0a0a0a, %rax\n\t"				\
	"movabs $0x0b0b0b0b0b0b0b0b, %rbx\n\t"				\
	"movabs $0x0c0c0c0c0c0c0c0c, %rcx\n\t"				\
	"movabs $0x0d0d0d0d0d0d0d0d, %rdx\n\t"				\
	"movabs $0x5151515151515151, %rsi\n\t"				\
	"movabs $0xd1d1d1d1d1d1d1d1, %rdi\n\t"				\
	"movabs $0xb9b9b9b9b9b9b9b9, %rbp\n\t"				\
	"movabs $0x0808080808080808, %r8\n\t"				\
	"movabs $0x0909090909090909, %r9\n\t"				\
	"movabs $0x1010101010101010, %r10\n\t"				\
	"movabs $0x1111111111111111, %r11\n\t"				\
	"movabs $0x1212121212121212, %r12\n\t"				\
	"movabs $0x1313131313131313, %r13\n\t"				\
	"movabs $0x1414141414141414, %r14\n\t"				\
	"movabs $0x1515151515151515, %r15\n\t"

#define SYSCALL_ARGS							\
	"mov trig_nr(%rip), %rax\n\t"					\
	"mov trig_a1(%rip), %rdi\n\t"					\
	"mov trig_a2(%rip), %rsi\n\t"					\
	"mov trig_a3(%rip), %rdx\n\t"					\
	"mov trig_a4(%rip), %r10\n\t"

#define LEAVE								\
	SAVE("after_regs")						\
	"cld\n\t"							\
	"pop %r15\n\tpop %r14\n\tpop %r13\n\t"				\
	"pop %r12\n\tpop %rbp\n\tpop %rbx\n\t"				\
	"ret\n\t"

asm(".text\n\t"
    ".globl sig_entry\n\t.type sig_entry, @function\n"
    "sig_entry:\n\t"
    SAVE("entry_regs")
    "jmp sig_handler\n\t"
    ".size sig_entry, .-sig_entry\n\t"

    ".globl trig_syscall\n\t.type trig_syscall, @function\n"
    "trig_syscall:\n\t"
    ENTER SYSCALL_ARGS
    "syscall\n\t"
    LEAVE

    ".globl trig_nullseg\n\t.type trig_nullseg, @function\n"
    "trig_nullseg:\n\t"
    ENTER
    "xor %eax, %eax\n\t"
    "mov %eax, %ds\n\t"
    "mov %eax, %es\n\t"
    SYSCALL_ARGS
    "syscall\n\t"
    LEAVE

    ".globl trig_std\n\t.type trig_std, @function\n"
    "trig_std:\n\t"
    ENTER SYSCALL_ARGS
    "pushfq\n\t"
    "orl $0x400, (%rsp)\n\t"	/* DF */
    "popfq\n\t"
    "syscall\n\t"
    LEAVE

    ".globl trig_fault\n\t.type trig_fault, @function\n"
    "trig_fault:\n\t"
    ENTER
    "mov $0x10, %ecx\n\t"
    ".globl trig_fault_insn\n"
    "trig_fault_insn:\n\t"
    "mov (%rcx), %rcx\n\t"	/* 3 bytes: 48 8b 09 */
    LEAVE

    ".globl trig_spin\n\t.type trig_spin, @function\n"
    "trig_spin:\n\t"
    ENTER
    "cmpl $0, spin_flag(%rip)\n"
    ".globl trig_spin_begin\n"
    "trig_spin_begin:\n\t"
    "cmpl $0, spin_flag(%rip)\n\t"
    "je trig_spin_begin\n"
    ".globl trig_spin_end\n"
    "trig_spin_end:\n\t"
    LEAVE);

/*
 * The x32 ucontext, as the kernel writes it (glibc's x32 ucontext_t):
 * the 64-bit sigcontext (uapi struct sigcontext_64, restated here because
 * glibc's <signal.h> and <asm/sigcontext.h> do not mix).
 */
struct sigcontext_64 {
	uint64_t r8, r9, r10, r11, r12, r13, r14, r15;
	uint64_t di, si, bp, bx, dx, ax, cx, sp, ip, flags;
	uint16_t cs, gs, fs, ss;
	uint64_t err, trapno, oldmask, cr2, fpstate;
	uint64_t reserved1[8];
};

struct x32_stack {
	uint32_t ss_sp;
	int32_t ss_flags;
	uint32_t ss_size;
};
struct x32_ucontext {
	uint32_t uc_flags;
	uint32_t uc_link;
	struct x32_stack uc_stack;
	uint32_t uc_pad0;
	struct sigcontext_64 uc_mcontext;
	uint64_t uc_sigmask;
};
_Static_assert(offsetof(struct x32_ucontext, uc_mcontext) == 24, "x32 uc_mcontext");
_Static_assert(sizeof(struct sigcontext_64) == 256, "sigcontext");

/* What the handler saw, copied for printing outside it. */
static struct {
	int sig;
	uint64_t arg_si, arg_uc;	/* rsi and rdx at entry */
	uint64_t pretcode;
	struct x32_ucontext uc;
	uint8_t info[128];
	uint8_t fpstate[512];
	int have_fpstate;
	int calls;
} seen;

/* What the handler changes in the ucontext before it returns. */
static struct {
	int regs;		/* r12 and rbx */
	int skip_fault;		/* rip past the faulting load */
	int set_spin;		/* spin_flag, so trig_spin ends */
	int stack;		/* 1: uc_stack to alt2, 2: SS_DISABLE */
	int sigmask;		/* add SIGUSR2 to uc_sigmask */
	int pipe_fd;		/* a byte into this pipe */
} edit;

static uint8_t altstack[65536] __attribute__((aligned(16)));
static uint8_t altstack2[65536] __attribute__((aligned(16)));
static int pid_self, pid_child;

/* Where an address is, in words that are the same on both kernels. */
static void where(char *buf, size_t len, uint64_t a)
{
	uint64_t alt = (uintptr_t)altstack, alt2 = (uintptr_t)altstack2;

	if (a >= alt && a <= alt + sizeof(altstack))
		snprintf(buf, len, "alt+%#llx", (unsigned long long)(a - alt));
	else if (a >= alt2 && a <= alt2 + sizeof(altstack2))
		snprintf(buf, len, "alt2+%#llx", (unsigned long long)(a - alt2));
	else if (trig_rsp && a < trig_rsp && trig_rsp - a < 0x100000)
		snprintf(buf, len, "stack-%#llx", (unsigned long long)(trig_rsp - a));
	else if (trig_rsp && a >= trig_rsp && a - trig_rsp < 0x100000)
		snprintf(buf, len, "stack+%#llx", (unsigned long long)(a - trig_rsp));
	else
		snprintf(buf, len, "%#llx", (unsigned long long)a);
}

static void put_addr(const char *what, const char *name, uint64_t a)
{
	char buf[64];

	where(buf, sizeof(buf), a);
	printf("  %s %s=%s\n", what, name, buf);
}

static void put_regs(const char *what, const uint64_t *r)
{
	for (int i = 0; i < S_NR; i++) {
		if (i == S_RSP || i == S_RSI || i == S_RDX || i == S_RCX)
			put_addr(what, slot_name[i], r[i]);
		else if (i == S_RDI && pid_self && r[i] == (uint64_t)pid_self)
			printf("  %s %s=self\n", what, slot_name[i]);	/* kill's pid */
		else
			printf("  %s %s=%#llx\n", what, slot_name[i], (unsigned long long)r[i]);
	}
}

void sig_handler(int sig, siginfo_t *si, void *ucv)
{
	struct x32_ucontext *uc = ucv;

	seen.calls++;
	seen.sig = sig;
	seen.arg_si = entry_regs[S_RSI];
	seen.arg_uc = entry_regs[S_RDX];
	/* The frame starts with the return address, at the entry rsp. */
	memcpy(&seen.pretcode, (void *)(uintptr_t)entry_regs[S_RSP], 8);
	memcpy(&seen.uc, uc, sizeof(seen.uc));
	memcpy(seen.info, si, sizeof(seen.info));
	seen.have_fpstate = uc->uc_mcontext.fpstate != 0;
	if (seen.have_fpstate)
		memcpy(seen.fpstate, (void *)(uintptr_t)uc->uc_mcontext.fpstate,
		       sizeof(seen.fpstate));

	if (edit.regs) {
		uc->uc_mcontext.r12 = 0x7272727272727272ULL;
		uc->uc_mcontext.bx = 0x7b7b7b7b7b7b7b7bULL;
	}
	if (edit.skip_fault)
		uc->uc_mcontext.ip += 3;
	if (edit.set_spin)
		spin_flag = 1;
	if (edit.stack == 1) {
		uc->uc_stack.ss_sp = (uintptr_t)altstack2;
		uc->uc_stack.ss_size = sizeof(altstack2);
		uc->uc_stack.ss_flags = 0;
	} else if (edit.stack == 2) {
		uc->uc_stack.ss_flags = SS_DISABLE;
	}
	if (edit.sigmask)
		uc->uc_sigmask |= 1ULL << (SIGUSR2 - 1);
	if (edit.pipe_fd)
		(void)!write(edit.pipe_fd, "x", 1);
}

static void put_frame(int siginfo)
{
	const struct sigcontext_64 *sc = &seen.uc.uc_mcontext;
	uint64_t frame = entry_regs[S_RSP];
	char buf[64];

	printf("  handler calls=%d sig=%d\n", seen.calls, seen.sig);
	printf("  frame si=frame+%#llx uc=frame+%#llx\n",
	       (unsigned long long)(seen.arg_si - frame),
	       (unsigned long long)(seen.arg_uc - frame));
	printf("  frame pretcode=%#llx (restorer %s)\n", (unsigned long long)seen.pretcode,
	       seen.pretcode >> 32 ? "high bits set" : "32-bit");
	printf("  uc flags=%#x link=%#x pad0=%#x\n", seen.uc.uc_flags, seen.uc.uc_link, seen.uc.uc_pad0);
	where(buf, sizeof(buf), seen.uc.uc_stack.ss_sp);
	printf("  uc stack sp=%s flags=%#x size=%#x\n", buf, seen.uc.uc_stack.ss_flags,
	       seen.uc.uc_stack.ss_size);
#define G(f) printf("  sc %s=%#llx\n", #f, (unsigned long long)sc->f)
#define A(f) put_addr("sc", #f, sc->f)
	G(r8); G(r9); G(r10); G(r11); G(r12); G(r13); G(r14); G(r15);
	if (pid_self && sc->di == (uint64_t)pid_self)
		printf("  sc di=self\n");
	else
		G(di);
	G(si); G(bp); G(bx); G(dx); G(ax); A(cx); A(sp);
	G(ip); G(flags); G(cs); G(gs); G(fs); G(ss); G(err); G(trapno);
	G(oldmask); G(cr2);
#undef G
#undef A
	printf("  sc fpstate=%s\n", seen.have_fpstate ?
	       (where(buf, sizeof(buf), sc->fpstate), buf) : "0");
	for (int i = 0; i < 8; i++)
		printf("  sc reserved1[%d]=%#llx\n", i, (unsigned long long)sc->reserved1[i]);
	printf("  uc sigmask=%#llx\n", (unsigned long long)seen.uc.uc_sigmask);
	if (seen.have_fpstate) {
		/* The legacy FXSAVE area: control words, x87 and xmm registers, sw_reserved. */
		for (int off = 0; off < 512; off += 32) {
			printf("  fp %03x:", off);
			for (int i = 0; i < 32; i++)
				printf("%02x", seen.fpstate[off + i]);
			printf("\n");
		}
	}
	if (siginfo) {
		int32_t w[32];

		memcpy(w, seen.info, sizeof(w));
		printf("  info signo=%d errno=%d code=%d\n", w[0], w[1], w[2]);
		for (int i = 3; i < 32; i++) {
			/* The pids of this process and its child vary with the boot. */
			if (w[i] && w[i] == pid_self)
				printf("  info[%d]=self\n", i);
			else if (w[i] && w[i] == pid_child)
				printf("  info[%d]=child\n", i);
			else
				printf("  info[%d]=%#x\n", i, (uint32_t)w[i]);
		}
	}
}

static void put_after(void)
{
	sigset_t mask;
	stack_t ss;
	char buf[64];

	sigprocmask(SIG_BLOCK, NULL, &mask);
	printf("  after sigmask usr1=%d usr2=%d alrm=%d\n", sigismember(&mask, SIGUSR1),
	       sigismember(&mask, SIGUSR2), sigismember(&mask, SIGALRM));
	sigaltstack(NULL, &ss);
	where(buf, sizeof(buf), (uintptr_t)ss.ss_sp);
	printf("  after altstack sp=%s flags=%#x size=%#zx\n",
	       ss.ss_flags & SS_DISABLE ? "-" : buf, ss.ss_flags, ss.ss_flags & SS_DISABLE ? 0 : ss.ss_size);
}

static void install(int sig, int flags)
{
	struct sigaction sa = { .sa_flags = flags };

	sa.sa_handler = (void (*)(int))sig_entry;
	sigemptyset(&sa.sa_mask);
	if (sigaction(sig, &sa, NULL)) {
		perror("sigaction");
		exit(2);
	}
}

static void set_altstack(void)
{
	stack_t ss = { .ss_sp = altstack, .ss_size = sizeof(altstack) };

	if (sigaltstack(&ss, NULL)) {
		perror("sigaltstack");
		exit(2);
	}
}

static void no_altstack(void)
{
	stack_t ss = { .ss_flags = SS_DISABLE };

	sigaltstack(&ss, NULL);
}

/*
 * The kernel leaves parts of the frame unwritten (sigcontext's reserved1,
 * the padding and reserved bytes of the FXSAVE image): they show what the
 * stack held before, stack canaries from AT_RANDOM included.  Fill the
 * stack below us and the alternate stacks with one byte first, so that
 * what the kernel does not write reads the same on every boot.
 */
static void __attribute__((noinline)) fill_stack(void)
{
	volatile uint8_t below[128 * 1024];

	for (size_t i = 0; i < sizeof(below); i++)
		below[i] = 0xa5;
}

static void begin(const char *name)
{
	sigset_t none;

	/* ds and es as exec leaves them (__USER_DS): a case may have nulled them. */
	asm volatile("mov %0, %%ds\n\tmov %0, %%es" : : "r" (0x2b));
	fill_stack();
	memset(altstack, 0xa5, sizeof(altstack));
	memset(altstack2, 0xa5, sizeof(altstack2));

	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	memset(&seen, 0, sizeof(seen));
	memset(&edit, 0, sizeof(edit));
	memset(entry_regs, 0, sizeof(entry_regs));
	memset(after_regs, 0, sizeof(after_regs));
	trig_rsp = 0;
	spin_flag = 0;
	no_altstack();
	printf("case %s\n", name);
	fflush(stdout);
}

static void end(int siginfo)
{
	struct itimerval off = { 0 };

	setitimer(ITIMER_REAL, &off, NULL);
	put_regs("entry", entry_regs);
	put_frame(siginfo);
	put_regs("after", after_regs);
	put_after();
	signal(SIGUSR1, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	signal(SIGSEGV, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	fflush(stdout);
}

/* Arguments zero-extended to 64 bits, as an x32 program passes pointers. */
static void x32_call(void (*trigger)(void), unsigned long nr, unsigned long a1,
		     unsigned long a2, unsigned long a3, unsigned long a4)
{
	trig_a4 = a4;
	trig_nr = X32_BIT | nr;
	trig_a1 = a1;
	trig_a2 = a2;
	trig_a3 = a3;
	trigger();
}

/* A signal sent to this process by a system call of its own. */
static void case_kill(const char *name, int flags, int alt, int stack_edit)
{
	begin(name);
	if (alt)
		set_altstack();
	install(SIGUSR1, flags);
	edit.regs = 1;
	edit.stack = stack_edit;
	x32_call(trig_syscall, __NR_kill, pid_self, SIGUSR1, 0, 0);
	end(flags & SA_SIGINFO);
}

/* A timer interrupting user code: ITIMER_REAL, 10 ms. */
static void arm_timer(void)
{
	struct itimerval it = { .it_value = { .tv_usec = 10000 } };

	setitimer(ITIMER_REAL, &it, NULL);
}

int main(void)
{
	for (int i = 0; i < 256; i++)
		xmm_patterns[i] = 0xe0 + i / 16;
	pid_self = getpid();
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	printf("x32sigstate: signal delivery as an x32 program sees it\n");

	case_kill("kill-siginfo", SA_SIGINFO, 0, 0);
	case_kill("kill-nosiginfo", 0, 0, 0);
	case_kill("kill-altstack", SA_SIGINFO | SA_ONSTACK, 1, 0);
	case_kill("kill-altstack-edit-uc_stack", SA_SIGINFO | SA_ONSTACK, 1, 1);
	case_kill("kill-altstack-disable-in-uc_stack", SA_SIGINFO | SA_ONSTACK, 1, 2);
	case_kill("kill-nodefer-resethand", SA_SIGINFO | SA_NODEFER | SA_RESETHAND, 0, 0);

	begin("kill-edit-uc_sigmask");
	install(SIGUSR1, SA_SIGINFO);
	edit.sigmask = 1;
	x32_call(trig_syscall, __NR_kill, pid_self, SIGUSR1, 0, 0);
	end(1);

	begin("kill-null-ds-es");
	install(SIGUSR1, SA_SIGINFO);
	x32_call(trig_nullseg, __NR_kill, pid_self, SIGUSR1, 0, 0);
	end(1);

	begin("kill-df-set");
	install(SIGUSR1, SA_SIGINFO);
	x32_call(trig_std, __NR_kill, pid_self, SIGUSR1, 0, 0);
	end(1);

	begin("rt_sigqueueinfo-524");
	install(SIGUSR1, SA_SIGINFO);
	{
		int32_t info[32] = { SIGUSR1, 0, -1 /* SI_QUEUE */, 1234, 0, 0x5a5a };

		for (int i = 6; i < 32; i++)
			info[i] = 0x01010101 * i;
		x32_call(trig_syscall, 524, pid_self, SIGUSR1, (uintptr_t)info, 0);
	}
	end(1);

	begin("fault-sigsegv");
	install(SIGSEGV, SA_SIGINFO);
	edit.skip_fault = 1;
	edit.regs = 1;
	trig_fault();
	printf("  fault insn=%s\n", seen.uc.uc_mcontext.ip == (uintptr_t)trig_fault_insn ?
	       "trig_fault_insn" : "elsewhere");
	end(1);

	begin("fault-sigsegv-altstack");
	set_altstack();
	install(SIGSEGV, SA_SIGINFO | SA_ONSTACK);
	edit.skip_fault = 1;
	trig_fault();
	end(1);

	begin("timer-user-code");
	install(SIGALRM, SA_SIGINFO);
	edit.set_spin = 1;
	arm_timer();
	trig_spin();
	/* Where the timer stopped the loop is timing: say only whether it was in it. */
	{
		uint64_t ip = seen.uc.uc_mcontext.ip;

		printf("  timer in-loop=%d\n", ip >= (uintptr_t)trig_spin_begin &&
		       ip < (uintptr_t)trig_spin_end);
		seen.uc.uc_mcontext.ip = 0;
	}
	end(1);

	begin("timer-user-code-altstack-nosiginfo");
	set_altstack();
	install(SIGALRM, SA_ONSTACK);
	edit.set_spin = 1;
	arm_timer();
	trig_spin();
	seen.uc.uc_mcontext.ip = 0;
	end(0);

	for (int restart = 0; restart < 2; restart++) {
		int p[2];
		char c[4];

		begin(restart ? "read-interrupted-sa_restart" : "read-interrupted-eintr");
		if (pipe(p)) {
			perror("pipe");
			return 2;
		}
		install(SIGALRM, SA_SIGINFO | (restart ? SA_RESTART : 0));
		edit.pipe_fd = p[1];
		arm_timer();
		x32_call(trig_syscall, __NR_read, p[0], (uintptr_t)c, sizeof(c), 0);
		printf("  read returned %lld\n", (long long)after_regs[S_RAX]);
		end(1);
		close(p[0]);
		close(p[1]);
	}

	begin("sigchld");
	install(SIGCHLD, SA_SIGINFO);
	{
		sigset_t chld, old;

		sigemptyset(&chld);
		sigaddset(&chld, SIGCHLD);
		sigprocmask(SIG_BLOCK, &chld, &old);
		pid_child = fork();
		if (pid_child == 0)
			_exit(7);
		waitid(P_PID, pid_child, NULL, WEXITED | WNOWAIT);
		/* The handler runs on the way out of rt_sigprocmask (14). */
		x32_call(trig_syscall, __NR_rt_sigprocmask, SIG_SETMASK, (uintptr_t)&old, 0, 8);
		/* utime and stime (x32: 64-bit at 0x18 and 0x20) are timing. */
		memset(seen.info + 0x18, 0, 16);
		waitpid(pid_child, NULL, 0);
	}
	end(1);

	printf("end\n");
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * The x32 system call ABI: the switch do_syscall_64() calls for x32
 * numbers, and the switch that turns x32 on or off.
 *
 * An x32 caller issues SYSCALL like a native one, with __X32_SYSCALL_BIT
 * set in the number.  Below 512, x32 shares the 64-bit table: the native
 * handler runs, and in_x32_syscall() tells generic code to use x32
 * layouts.  The calls the 64-bit table marks "64" pass structures whose
 * layout differs for x32; x32 callers get -ENOSYS for those numbers and
 * use their own, 512-547 (the rows marked "x32"), which reach compat
 * handlers.
 */

#include <linux/capability.h>
#include <linux/init.h>
#include <linux/jump_label.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/sysctl.h>
#include <linux/syscalls.h>
#include <asm/syscall.h>

#undef MODULE_PARAM_PREFIX
#define MODULE_PARAM_PREFIX "syscall."

#define __SYSCALL(nr, sym) extern long __x64_##sym(const struct pt_regs *);
#define __SYSCALL_NORETURN(nr, sym) extern long __noreturn __x64_##sym(const struct pt_regs *);
#include <asm/syscalls_x32.h>
#undef __SYSCALL
#undef __SYSCALL_NORETURN
#define __SYSCALL_NORETURN __SYSCALL

/*
 * syscalls_x32.h lists every number from 0 to X32_NR_syscalls - 1, with
 * sys_ni_syscall where x32 has no call: a switch on the number, as
 * x64_sys_call() is for the 64-bit table.
 */
#define __SYSCALL(nr, sym) case nr: return __x64_##sym(regs);
long x32_sys_call(const struct pt_regs *regs, unsigned int nr)
{
	switch (nr) {
	#include <asm/syscalls_x32.h>
	default: return __x64_sys_ni_syscall(regs);
	}
}

#undef __SYSCALL

/*
 * x32 is on unless CONFIG_X86_X32_DISABLED; syscall.x32= on the command
 * line overrides that.  A static key: the test in the entry path is a
 * patched jump, not a load.
 */
DEFINE_STATIC_KEY_MAYBE(CONFIG_X86_X32_DEFAULT_ON, x32_enabled_key);

static int x32_param_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret)
		return ret;
	if (on)
		static_branch_enable(&x32_enabled_key);
	else
		static_branch_disable(&x32_enabled_key);
	return 0;
}

/* exec of an x32 file: refused while x32 is off, with a word why. */
bool x32_enabled_verbose(void)
{
	if (x32_enabled())
		return true;
	pr_notice_once("x32 is off: x32 executables are refused (syscall.x32=y turns it on at boot)\n");
	return false;
}

static int x32_param_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%c\n", x32_enabled() ? 'Y' : 'N');
}

static const struct kernel_param_ops x32_param_ops = {
	.set = x32_param_set,
	.get = x32_param_get,
};
module_param_cb(x32, &x32_param_ops, NULL, 0444);
MODULE_PARM_DESC(x32, "Allow x32 system calls and executables (y/n)");

#ifdef CONFIG_SYSCTL
/*
 * abi.x32 reads 1 while x32 is on.  Root may write 0 to turn x32 off until
 * the next boot, for hosts that want it gone once booted: new x32 execs
 * and x32 system calls then fail as when x32 is off at boot.  There is no
 * way back on.
 */
static int x32_sysctl_handler(const struct ctl_table *table, int write,
			      void *buffer, size_t *lenp, loff_t *ppos)
{
	int on = x32_enabled();
	struct ctl_table t = {
		.data	= &on,
		.maxlen	= sizeof(on),
		.extra1	= SYSCTL_ZERO,
		.extra2	= SYSCTL_ONE,
	};
	int ret;

	if (write && !capable(CAP_SYS_ADMIN))
		return -EPERM;

	ret = proc_dointvec_minmax(&t, write, buffer, lenp, ppos);
	if (ret || !write)
		return ret;

	if (!on)
		static_branch_disable(&x32_enabled_key);
	else if (!x32_enabled())
		return -EPERM;
	return 0;
}

static struct ctl_table x32_sysctl_table[] = {
	{
		.procname	= "x32",
		.mode		= 0644,
		.proc_handler	= x32_sysctl_handler,
	},
};

static int __init x32_sysctl_init(void)
{
	register_sysctl_init("abi", x32_sysctl_table);
	return 0;
}
device_initcall(x32_sysctl_init);
#endif /* CONFIG_SYSCTL */

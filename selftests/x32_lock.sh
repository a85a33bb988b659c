#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# x32_lock turns x32 off until the next boot: this script, the last of the
# target's TEST_PROGS, runs it after every other x32 test.
exec "$(dirname "$0")/x32_lock"

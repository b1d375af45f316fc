/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz.h: what the libFuzzer harnesses share.
 *
 * The tools end on bad input with exit(2) (kp_die) and that is correct
 * behaviour, not a finding.  The harnesses are linked with
 * -Wl,--wrap=exit,--wrap=fclose: inside fz_call() an exit returns to the
 * harness by longjmp, and closing stdout (efshut at the end of a tool)
 * only flushes it, so the next input can write again.  Memory a tool left
 * behind when it exited is not a finding either: run with
 * -detect_leaks=0 (the Makefile does).  What is left to find: crashes,
 * sanitizer reports, hangs, and the checks each harness makes. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* run main-like fn with argv (NULL-terminated); its exit status, or the
 * status it gave exit() */
int fz_call(int (*fn)(int, char **), char **argv);
/* data[0..size) into the file path (created or truncated) */
void fz_write(const char *path, const uint8_t *data, size_t size);
/* a fresh empty directory for this process, made once: its path */
const char *fz_dir(void);
/* remove everything below dir (not dir itself) */
void fz_clean(const char *dir);
/* abort with a message: a finding */
void fz_fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

#endif

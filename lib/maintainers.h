/* SPDX-License-Identifier: GPL-2.0-or-later */
/* maintainers.h: the sections of the Linux kernel's MAINTAINERS file.
 *
 * The file's own header documents its format: after a preamble, each
 * section is a title line followed by entries "X:<tab>value", one a line
 * (M: maintainer, R: reviewer, L: list, S: status, F: files, ...), and
 * sections are separated by blank lines.  A line that breaks that shape
 * after the first section is bad input, named by file and line. */
#ifndef KP_MAINTAINERS_H
#define KP_MAINTAINERS_H

#include <stddef.h>

#include "rec.h"

typedef struct {
	char *title;
	long line;	/* of the title */
	kp_strs m, r, l, s;	/* maintainers, reviewers, lists, status */
} kp_maint_sec;

typedef struct kp_maint kp_maint;

/* the sections of the file at path; dies (exit 2) at a malformed line */
kp_maint *kp_maint_read(const char *path);
/* the section titled title (exactly), or NULL */
const kp_maint_sec *kp_maint_find(const kp_maint *mt, const char *title);
size_t kp_maint_count(const kp_maint *mt);

#endif

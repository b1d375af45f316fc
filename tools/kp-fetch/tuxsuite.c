/* SPDX-License-Identifier: GPL-2.0-or-later */
/* tuxsuite.c: a TuxSuite build: its status (what was built: git_sha,
 * git_describe, toolchain, kconfig, target_arch, download_url) and, from
 * its artifacts, TuxMake's metadata.json (the compiler's full version)
 * and the kernel's config.  A source
 * tuxsuite+https://HOST/v1/groups/GROUP/projects/PROJECT/builds/UID
 * stores builds/UID/status.json, metadata.json and config.  The token
 * comes from KP_TUXSUITE_TOKEN, sent as the Authorization header to the
 * API's origin only: TuxSuite serves the artifacts from a storage host of
 * its own, which gets no token. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kp.h"
#include "fetch.h"

static void
getobj(struct fetch *f, const char *source, const char *url,
    const struct cred *c, const char *path)
{
	struct art a = { .source = source, .path = path, .url = url, .mtime = -1 };

	if (http_object(f, url, c, &a, -1) == 0) {
		store_emit(f, &a);
		free((char *)a.etag);
	}
}

void
fetch_tuxsuite(struct fetch *f, const char *source)
{
	const char *url = source + strlen("tuxsuite+"), *uid, *tok, *dl;
	struct cred cred;
	char *body = NULL, *path = NULL, *u = NULL, err[256];
	size_t len, col;
	kp_json d;
	int i;

	uid = strstr(url, "/builds/");
	if ((strncmp(url, "http://", 7) && strncmp(url, "https://", 8)) || !uid ||
	    !uid[8] || strchr(uid + 8, '/') || !strstr(url, "/v1/groups/")) {
		fetch_fail(f, source, "expected tuxsuite+URL/v1/groups/GROUP/projects/"
		    "PROJECT/builds/UID");
		return;
	}
	uid += 8;
	if (store_badpath(uid)) {
		fetch_fail(f, source, "build UID \"%s\": %s; expected "
		    "tuxsuite+URL/v1/groups/GROUP/projects/PROJECT/builds/UID",
		    uid, store_badpath(uid));
		return;
	}
	tok = getenv("KP_TUXSUITE_TOKEN");
	cred_set(&cred, url, "Authorization", "", tok);
	kp_json_init(&d);
	if (http_body(f, url, &cred, &body, &len) == -1)
		goto out;
	if (kp_json_parse(&d, body, len, err, sizeof(err), &col) == -1 ||
	    d.tok[0].type != KP_JOBJ) {
		fetch_fail(f, url, "not a build status (a JSON object) at byte %zu%s%s",
		    col, *err ? ": " : "", err);
		goto out;
	}
	if (asprintf(&path, "builds/%s/status.json", uid) < 0)
		kp_die("out of memory");
	{
		struct art a = { .source = source, .path = path, .url = url, .mtime = -1 };
		struct sink sk;

		sink_open(f, &sk);
		if (sink_write(f, &sk, body, len) == -1) {
			sink_abort(&sk);
			fetch_fail(f, url, "larger than %lld bytes (-m), not stored",
			    f->opt.maxsize);
			goto out;
		}
		sink_commit(f, &sk, &a);
		store_emit(f, &a);
	}
	i = kp_json_get(&d, 0, "download_url");
	if (i < 0 || d.tok[i].type != KP_JSTR) {
		fetch_fail(f, url, "no download_url: metadata.json and config not fetched");
		goto out;
	}
	dl = kp_json_str(&d, i);
	if (strncmp(dl, "http://", 7) && strncmp(dl, "https://", 8)) {
		fetch_fail(f, url, "download_url \"%s\" is not an http(s) URL: "
		    "metadata.json and config not fetched", dl);
		goto out;
	}
	free(path);
	if (asprintf(&u, "%s%smetadata.json", dl, dl[strlen(dl) - 1] == '/' ? "" : "/") < 0 ||
	    asprintf(&path, "builds/%s/metadata.json", uid) < 0)
		kp_die("out of memory");
	getobj(f, source, u, &cred, path);
	free(u);
	free(path);
	if (asprintf(&u, "%s%sconfig", dl, dl[strlen(dl) - 1] == '/' ? "" : "/") < 0 ||
	    asprintf(&path, "builds/%s/config", uid) < 0)
		kp_die("out of memory");
	getobj(f, source, u, &cred, path);
out:
	kp_json_free(&d);
	free(u);
	free(path);
	free(body);
	cred_free(&cred);
}

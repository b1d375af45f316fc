/* yamlcheck.h: the checks every YAML file kp reads passes first */
#ifndef KP_YAMLCHECK_H
#define KP_YAMLCHECK_H
#include <stddef.h>

/* Dies (exit 2, path:line:col) on YAML libyaml cannot parse, a second
 * document, nesting deeper than maxdepth (at most KP_YAML_MAXDEPTH) or a
 * mapping key given twice (libyaml keeps both and the last would
 * silently win); "what" names the file's kind in the message ("a
 * settings file"). */
#define KP_YAML_MAXDEPTH 16
void kp_yaml_check(const char *path, const char *buf, size_t len,
    int maxdepth, const char *what);

#endif

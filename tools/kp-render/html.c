/* kp-render -f html: placeholder until the site writer lands */
#include <err.h>

#include "html.h"

int
render_html(char **inputs, int ninputs, const char *samples_path,
    const char *outdir)
{
	warnx("html: not implemented yet");
	return 2;
}

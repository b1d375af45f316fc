/* kp-render -f html: a static drill-down site from pipeline records */

/*
 * Render the records in the files inputs[0..ninputs-1] (stdin when
 * ninputs is 0), with the sample records of samples_path (may be NULL),
 * as a static site in outdir.  Returns an exit status: 0 ok, 2 bad input.
 */
int render_html(char **inputs, int ninputs, const char *samples_path,
    const char *outdir);

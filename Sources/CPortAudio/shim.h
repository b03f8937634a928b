#include <portaudio.h>
#include <stdio.h>

/* Makes `replacement` the C library's standard error stream and returns the one it was: what
   PortAudio, ALSA and JACK print with fprintf(stderr, ...) then goes there, while Swift's own
   writes to file descriptor 2 do not pass through it. */
static inline FILE *koch_replace_stderr(FILE *replacement) {
    FILE *previous = stderr;
    stderr = replacement;
    return previous;
}

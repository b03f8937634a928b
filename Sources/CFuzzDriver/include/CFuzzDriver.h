#ifndef KOCH_FUZZ_DRIVER_H
#define KOCH_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver: parses libFuzzer's options from argc/argv, then calls
/// `UserCb` with each input it tries. Defined by libFuzzer when the program is
/// built with `-sanitize=fuzzer`; otherwise a fallback says so and returns 2.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif

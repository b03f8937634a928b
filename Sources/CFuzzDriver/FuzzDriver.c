#include "CFuzzDriver.h"

#include <stdio.h>

/* Without -sanitize=fuzzer there is no libFuzzer: a plain `swift build` still
   links koch-fuzz, which then says how to build it. libFuzzer's own definition
   replaces this weak one. */
__attribute__((weak)) int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size)) {
    (void)argc;
    (void)argv;
    (void)UserCb;
    fprintf(stderr, "koch-fuzz was built without libFuzzer: build and run it with `make fuzz`.\n");
    return 2;
}

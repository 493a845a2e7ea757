/* replay.c — runs a fuzz target over every file of a corpus folder (no libFuzzer
 * needed), so `make test` keeps replaying the corpus. Ends with "N passed, N failed". */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int passed = 0;
    for (int a = 1; a < argc; a++) {
        DIR *d = opendir(argv[a]);
        if (!d) {
            printf("FAIL cannot open %s\n", argv[a]);
            printf("fuzz corpus: %d passed, 1 failed\n", passed);
            return 1;
        }
        struct dirent *de;
        while ((de = readdir(d))) {
            if (de->d_name[0] == '.') continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], de->d_name);
            FILE *f = fopen(path, "rb");
            if (!f) continue;
            static uint8_t buf[1 << 20];
            size_t n = fread(buf, 1, sizeof buf, f);
            fclose(f);
            LLVMFuzzerTestOneInput(buf, n); /* a crash or abort fails the whole run */
            passed++;
        }
        closedir(d);
    }
    printf("fuzz corpus: %d passed, 0 failed\n", passed);
    return 0;
}

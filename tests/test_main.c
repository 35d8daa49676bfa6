#include "test.h"

int test_failures;
int test_skipped;

int test_run(int argc, char **argv, const test_case *cases, int count) {
    int ran = 0, failed_cases = 0;
    for (int i = 0; i < count; i++) {
        if (argc > 1 && strcmp(argv[1], cases[i].name) != 0) continue;
        int before = test_failures;
        cases[i].fn();
        ran++;
        if (test_failures != before) {
            failed_cases++;
            fprintf(stderr, "FAIL %s\n", cases[i].name);
        }
    }
    if (ran == 0) {
        fprintf(stderr, "no test case named '%s'\n", argc > 1 ? argv[1] : "");
        return 2;
    }
    if (failed_cases) return 1;
    return test_skipped ? TEST_SKIP_CODE : 0;
}

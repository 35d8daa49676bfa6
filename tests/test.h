/// A tiny test harness: each test executable holds named cases; ctest runs one case per test
/// (`exe CASE`), and the exe with no argument runs them all. TEST_MAIN's table is the one list of
/// the cases: arena_test (tests/CMakeLists.txt) reads their names from it, one ctest test each.
///
///   static void test_foo(void) { CHECK(1 + 1 == 2); CHECK_NEAR(x, 1.0, 1e-6); }
///   TEST_MAIN(TEST_CASE(foo), TEST_CASE(bar))
///
/// A failed check prints file, line and the expression, marks the case failed and goes on;
/// REQUIRE stops the case. Exit status 77 means "skipped" (ctest SKIP_RETURN_CODE).
#ifndef ARENA_TEST_H
#define ARENA_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_SKIP_CODE 77

typedef struct test_case {
    const char *name;
    void (*fn)(void);
} test_case;

extern int test_failures;
extern int test_skipped;

#define TEST_CASE(name)                                                                            \
    { #name, test_##name }

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);               \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

#define REQUIRE(cond)                                                                              \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "%s:%d: REQUIRE failed: %s\n", __FILE__, __LINE__, #cond);             \
            test_failures++;                                                                       \
            return;                                                                                \
        }                                                                                          \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                                      \
    do {                                                                                           \
        double a_ = (double)(a), b_ = (double)(b);                                                 \
        if (!(fabs(a_ - b_) <= (double)(eps))) {                                                   \
            fprintf(stderr, "%s:%d: CHECK_NEAR failed: %s = %.9g, %s = %.9g (eps %g)\n", __FILE__, \
                    __LINE__, #a, a_, #b, b_, (double)(eps));                                      \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

#define CHECK_STR(a, b)                                                                            \
    do {                                                                                           \
        const char *a_ = (a), *b_ = (b);                                                           \
        if (!a_ || !b_ || strcmp(a_, b_) != 0) {                                                   \
            fprintf(stderr, "%s:%d: CHECK_STR failed: \"%s\" != \"%s\"\n", __FILE__, __LINE__,     \
                    a_ ? a_ : "(null)", b_ ? b_ : "(null)");                                       \
            test_failures++;                                                                       \
        }                                                                                          \
    } while (0)

/// Marks the running case as skipped (for data that is not present) and returns from it.
#define TEST_SKIP(why)                                                                             \
    do {                                                                                           \
        fprintf(stderr, "skipped: %s\n", why);                                                     \
        test_skipped = 1;                                                                          \
        return;                                                                                    \
    } while (0)

int test_run(int argc, char **argv, const test_case *cases, int count);

#define TEST_MAIN(...)                                                                             \
    int main(int argc, char **argv) {                                                              \
        static const test_case cases_[] = {__VA_ARGS__};                                           \
        return test_run(argc, argv, cases_, (int)(sizeof cases_ / sizeof cases_[0]));              \
    }

#endif

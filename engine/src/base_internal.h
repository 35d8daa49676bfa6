// What the engine's sources share about the API convention (ae_base.h).
#ifndef AE_BASE_INTERNAL_H
#define AE_BASE_INTERNAL_H

#include "arena/ae_base.h"

/// Written into every def by its ae_default_X_def() and checked by the function taking the def.
#define AE_DEF_COOKIE 0x61656466 // "aedf"

#endif

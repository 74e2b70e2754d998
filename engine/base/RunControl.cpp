#include "engine/base/RunControl.h"

#include <tbb/task_arena.h>

namespace spare {

int RunControl::resolveThreads(int threads)
{
    return threads > 0 ? threads : tbb::this_task_arena::max_concurrency();
}

}  // namespace spare

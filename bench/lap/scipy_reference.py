#!/usr/bin/env python3
"""Times scipy.optimize.linear_sum_assignment on .npy instances, the reference CPU solver of the CUDA
benchmarks. Feed it the instances that `matchscope-cli bench --save-npy DIR` wrote, so both solve the same
matrices.

    scipy_reference.py DIR OUTPUT.csv [REPEATS]

Writes one CSV row per run: file, n, repeat, objective, total_ms (time of the call alone: matrix in
memory to assignment in memory)."""
import glob
import os
import sys
import time

import numpy as np
from scipy.optimize import linear_sum_assignment


def main():
    directory, output = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    with open(output, "w") as out:
        out.write("file,n,repeat,objective,total_ms\n")
        for path in sorted(glob.glob(os.path.join(directory, "*.npy"))):
            costs = np.load(path)
            for repeat in range(repeats):
                start = time.perf_counter()
                rows, cols = linear_sum_assignment(costs)
                elapsed_ms = (time.perf_counter() - start) * 1e3
                objective = costs[rows, cols].sum(dtype=np.float64 if costs.dtype.kind == "f" else np.int64)
                out.write(f"{os.path.basename(path)},{costs.shape[0]},{repeat},{objective},{elapsed_ms:.1f}\n")
                out.flush()
                print(f"scipy {os.path.basename(path)}: objective {objective}, {elapsed_ms:.1f} ms", flush=True)


if __name__ == "__main__":
    main()

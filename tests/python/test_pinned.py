"""Arrays in the module's page-locked memory (matchscope.empty_pinned, pin_memory): solved in place when
square, C-contiguous, of a solver cost type and minimised, copied otherwise; the same answers as ordinary
arrays and as scipy, and the caller's array left as it was (issue 25)."""
import numpy as np
import pytest

scipy_optimize = pytest.importorskip("scipy.optimize")
import matchscope  # noqa: E402

from test_matchscope import SEED, assert_same_optimum, random_costs  # noqa: E402

# The solver cost types (read in place when square and minimised) and two that are always converted.
DTYPES = [np.int32, np.int64, np.float32, np.float64, np.int16, np.float16]


def cuda_usable():
    try:
        matchscope.solve(np.zeros((1, 1)), backend="cuda")
        return True
    except (ValueError, RuntimeError):
        return False


@pytest.mark.parametrize("dtype", DTYPES)
def test_pinned_arrays_solve_as_ordinary_arrays_and_scipy(dtype):
    rng = np.random.default_rng(SEED + 25 + np.dtype(dtype).num)
    for trial in range(150):
        rows, cols = (int(rng.integers(1, 40)),) * 2 if trial % 3 else tuple(rng.integers(1, 40, 2).tolist())
        sign = ["positive", "negative", "mixed"][trial % 3]
        maximize = trial % 4 == 1
        cost = random_costs(rng, (rows, cols), dtype, sign)
        if np.dtype(dtype).kind == "f" and trial % 5 == 0:
            cost[rng.random(cost.shape) < 0.2] = -np.inf if maximize else np.inf
        pinned = matchscope.pin_memory(cost)
        assert matchscope.is_pinned(pinned) and pinned.dtype == cost.dtype and pinned.flags.c_contiguous
        before = pinned.copy()
        try:
            expected = scipy_optimize.linear_sum_assignment(cost, maximize)
        except ValueError:
            with pytest.raises(ValueError, match="infeasible"):
                matchscope.linear_sum_assignment(pinned, maximize)
            continue
        got = matchscope.linear_sum_assignment(pinned, maximize)
        assert_same_optimum(cost, maximize, got, expected)
        ordinary = matchscope.solve(cost, maximize, certify=False)
        solution = matchscope.solve(pinned, maximize)
        assert solution.certificate.valid
        assert solution.objective == ordinary.objective
        np.testing.assert_array_equal(pinned, before)  # read in place or copied, never written


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.float64])
def test_large_borrowed_arrays_stay_unmodified(dtype):
    rng = np.random.default_rng(SEED + 2500)
    n = 300
    cost = matchscope.empty_pinned((n, n), dtype)
    cost[:] = random_costs(rng, (n, n), dtype, "mixed")
    if dtype == np.int64:
        cost[0, 0] = 2**40  # beyond int32: solved as int64, in place
    before = cost.copy()
    for backend in ("cpu", "sequential"):
        solution = matchscope.solve(cost, backend=backend)
        assert solution.certificate.valid
        row_ind, col_ind = scipy_optimize.linear_sum_assignment(before)
        assert solution.objective == pytest.approx(before[row_ind, col_ind].sum(), rel=1e-12)
    np.testing.assert_array_equal(cost, before)
    view = cost[: n // 2, : n // 2]  # a non-contiguous view of a pinned block: copied, same answer
    assert matchscope.is_pinned(view)
    assert_same_optimum(view, False, matchscope.linear_sum_assignment(view),
                        scipy_optimize.linear_sum_assignment(view))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("bad", [np.nan, -np.inf])
def test_invalid_entries_of_pinned_arrays_raise(dtype, bad):
    cost = matchscope.pin_memory(np.ones((50, 50), dtype))
    cost[37, 11] = bad
    with pytest.raises(ValueError, match="invalid numeric entries"):
        matchscope.linear_sum_assignment(cost)


def test_empty_pinned_and_is_pinned():
    array = matchscope.empty_pinned(5)
    assert array.shape == (5,) and array.dtype == np.float64 and array.flags.writeable
    matrix = matchscope.empty_pinned((3, 4), dtype="int32")
    assert matrix.shape == (3, 4) and matrix.dtype == np.int32 and matrix.flags.c_contiguous
    assert matchscope.is_pinned(matrix) and matchscope.is_pinned(matrix[1:])
    assert matchscope.is_pinned(matchscope.empty_pinned((0, 0)))
    assert not matchscope.is_pinned(np.ones((3, 4))) and not matchscope.is_pinned(matrix.copy())
    with pytest.raises(ValueError, match="negative dimensions"):
        matchscope.empty_pinned((2, -1))
    stats = matchscope.pinned_memory_stats()
    assert set(stats) == {"upstream_allocations", "upstream_releases", "reuses", "cached_blocks",
                          "cached_bytes", "live_blocks", "live_bytes"}
    assert matchscope.empty_pinned_cache() >= 0


@pytest.mark.skipif(not cuda_usable(), reason="no usable CUDA device: the page-locked cache is not in use")
def test_repeated_solves_page_lock_once():
    cost = np.random.default_rng(SEED).integers(0, 500, (500, 500), dtype=np.int32)
    matchscope.solve(cost, backend="cuda")
    allocations = matchscope.pinned_memory_stats()["upstream_allocations"]
    for _ in range(5):
        matchscope.solve(cost, backend="cuda")
    stats = matchscope.pinned_memory_stats()
    assert stats["upstream_allocations"] == allocations and stats["reuses"] >= 5
    assert matchscope.empty_pinned_cache() > 0
    assert matchscope.pinned_memory_stats()["cached_blocks"] == 0

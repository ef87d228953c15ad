"""The matchscope module against scipy.optimize.linear_sum_assignment: thousands of random instances of
every shape, dtype and sign, C and Fortran order, forbidden and infeasible ones, and the batch solver."""
import os
import signal
import threading
import time

import numpy as np
import pytest

scipy_optimize = pytest.importorskip("scipy.optimize")
import matchscope  # noqa: E402  (after the skip: the module is found through PYTHONPATH)

SEED = int(os.environ.get("MATCHSCOPE_TEST_SEED", "20261125"))
INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOAT_DTYPES = [np.float16, np.float32, np.float64]


def random_costs(rng, shape, dtype, sign):
    """Entries of `dtype` that are non-negative, non-positive or mixed, within the dtype's range."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in "iu":
        high = min(int(np.iinfo(dtype).max), 10**6)
        values = rng.integers(0, high, shape, endpoint=True)
        if dtype.kind == "i" and sign == "negative":
            values = -values
        elif dtype.kind == "i" and sign == "mixed":
            values = values - high // 2
        return values.astype(dtype)
    values = rng.random(shape) * 100
    if sign == "negative":
        values = -values
    elif sign == "mixed":
        values = values - 50
    return values.astype(dtype)


def objective(cost, rows, cols):
    return cost[rows, cols].astype(np.float64 if cost.dtype.kind == "f" else object).sum()


def assert_same_optimum(cost, maximize, got, expected):
    rows, cols = got
    assert rows.dtype == np.int64 and cols.dtype == np.int64
    assert len(rows) == len(expected[0]) == min(cost.shape)
    assert np.all(np.diff(rows) > 0), "row_ind is increasing, as scipy's"
    assert len(set(cols.tolist())) == len(cols)
    mine, theirs = objective(cost, *got), objective(cost, *expected)
    if cost.dtype.kind == "f":
        assert mine == pytest.approx(theirs, rel=1e-9, abs=1e-9 * max(1.0, float(np.abs(cost[np.isfinite(cost)]).max(initial=0))))
    else:
        assert mine == theirs


@pytest.mark.parametrize("dtype", INT_DTYPES + FLOAT_DTYPES + [bool])
def test_matches_scipy_on_random_instances(dtype):
    rng = np.random.default_rng(SEED + np.dtype(dtype).num)
    for trial in range(300):
        shape = tuple(rng.integers(1, 13, 2))
        sign = ("positive", "negative", "mixed")[trial % 3]
        cost = random_costs(rng, shape, dtype, sign)
        if trial % 2:
            cost = np.asfortranarray(cost)
        maximize = bool(trial % 4 >= 2)
        expected = scipy_optimize.linear_sum_assignment(cost, maximize)
        assert_same_optimum(cost, maximize, matchscope.linear_sum_assignment(cost, maximize), expected)


@pytest.mark.parametrize("maximize", [False, True])
def test_forbidden_entries_and_infeasible_instances_as_scipy(maximize):
    rng = np.random.default_rng(SEED + 1)
    forbidden = -np.inf if maximize else np.inf
    infeasible = 0
    for trial in range(600):
        shape = tuple(rng.integers(1, 10, 2))
        cost = rng.random(shape) * 10
        cost[rng.random(shape) < rng.choice([0.2, 0.5, 0.8])] = forbidden
        try:
            expected = scipy_optimize.linear_sum_assignment(cost, maximize)
        except ValueError as error:
            assert "infeasible" in str(error)
            infeasible += 1
            with pytest.raises(ValueError, match="^cost matrix is infeasible$"):
                matchscope.linear_sum_assignment(cost, maximize)
            continue
        assert_same_optimum(cost, maximize, matchscope.linear_sum_assignment(cost, maximize), expected)
    assert 50 < infeasible < 550, "both feasible and infeasible instances were drawn"


def test_infeasible_without_an_all_forbidden_row():
    cost = np.array([[1.0, np.inf, np.inf], [2.0, np.inf, np.inf], [1.0, 2.0, 3.0]])
    with pytest.raises(ValueError, match="cost matrix is infeasible"):
        matchscope.linear_sum_assignment(cost)


@pytest.mark.parametrize(
    "cost, maximize",
    [(np.array([[1.0, np.nan]]), False), (np.array([[1.0, -np.inf]]), False), (np.array([[1.0, np.inf]]), True)],
)
def test_invalid_entries_raise_as_scipy(cost, maximize):
    with pytest.raises(ValueError, match="invalid numeric entries"):
        scipy_optimize.linear_sum_assignment(cost, maximize)
    with pytest.raises(ValueError, match="invalid numeric entries"):
        matchscope.linear_sum_assignment(cost, maximize)


def test_shapes_scipy_refuses_or_answers_empty():
    with pytest.raises(ValueError, match="expected a matrix"):
        matchscope.linear_sum_assignment(np.zeros(3))
    for shape in [(0, 0), (0, 4), (4, 0)]:
        rows, cols = matchscope.linear_sum_assignment(np.zeros(shape))
        assert rows.shape == cols.shape == (0,)
    rows, cols = matchscope.linear_sum_assignment([[3, 1], [1, 3]])  # a nested list, as scipy takes
    assert rows.tolist() == [0, 1] and cols.tolist() == [1, 0]


def test_extreme_integers():
    info32, info64 = np.iinfo(np.int32), np.iinfo(np.int64)
    cases = [
        (np.array([[info32.min, 0], [0, info32.max]], dtype=np.int32), True),  # -min overflows int32
        (np.array([[info64.max, 0], [0, info64.max // 3]], dtype=np.int64), False),  # beyond exact int64 duals
        (np.array([[np.iinfo(np.uint64).max, 1], [2, 3]], dtype=np.uint64), False),
    ]
    for cost, maximize in cases:
        expected = scipy_optimize.linear_sum_assignment(cost, maximize)
        got = matchscope.linear_sum_assignment(cost, maximize)
        assert objective(cost, *got) == objective(cost, *expected)


def test_larger_instances_every_algorithm_and_cpu_backend():
    rng = np.random.default_rng(SEED + 2)
    for shape in [(120, 200), (200, 120), (150, 150)]:
        for cost in [rng.integers(0, 1000, shape), rng.random(shape)]:
            expected = scipy_optimize.linear_sum_assignment(cost)
            for algorithm in ["tree", "classical"]:
                for backend in ["cpu", "sequential"]:
                    got = matchscope.linear_sum_assignment(cost, algorithm=algorithm, backend=backend)
                    assert_same_optimum(cost, False, got, expected)


def test_solve_returns_objective_duals_and_certificate():
    rng = np.random.default_rng(SEED + 3)
    for maximize in [False, True]:
        for cost in [rng.integers(-50, 50, (7, 11)), rng.random((11, 7))]:
            solution = matchscope.solve(cost, maximize)
            assert solution.certificate.valid, solution.certificate.problem
            assert solution.objective == pytest.approx(cost[solution.row_ind, solution.col_ind].sum(), rel=1e-12)
            assert isinstance(solution.objective, int) == (cost.dtype.kind == "i")
            assert solution.row_duals.shape == solution.col_duals.shape == (11,)
            # The duals prove the optimum: their sum is the square minimisation form's objective.
            square_objective = -solution.objective if maximize else solution.objective
            assert solution.row_duals.sum() + solution.col_duals.sum() == pytest.approx(square_objective, rel=1e-9)
    with pytest.raises(ValueError, match="algorithm"):
        matchscope.solve(np.eye(2), algorithm="auction")
    with pytest.raises(ValueError, match="backend"):
        matchscope.solve(np.eye(2), backend="gpu")


@pytest.mark.parametrize("dtype", [np.int16, np.int64, np.uint32, np.float32, np.float64])
def test_batch_matches_scipy_per_problem(dtype):
    rng = np.random.default_rng(SEED + 4 + np.dtype(dtype).num)
    for trial in range(12):
        shape = (int(rng.integers(0, 20)),) + tuple(rng.integers(1, 14, 2))
        costs = random_costs(rng, shape, dtype, ("positive", "negative", "mixed")[trial % 3])
        if trial % 2:
            costs = np.asfortranarray(costs)
        maximize = bool(trial % 4 >= 2)
        rows, cols = matchscope.batch_linear_sum_assignment(costs, maximize, backend="cpu")
        assert rows.shape == cols.shape == (shape[0], min(shape[1:]))
        for k in range(shape[0]):
            expected = scipy_optimize.linear_sum_assignment(costs[k], maximize)
            assert_same_optimum(costs[k], maximize, (rows[k], cols[k]), expected)


def test_batch_names_the_infeasible_problem():
    costs = np.ones((3, 2, 2))
    costs[1, 0, :] = np.inf
    with pytest.raises(ValueError, match=r"cost matrix is infeasible \(batch problem 1\)"):
        matchscope.batch_linear_sum_assignment(costs)
    with pytest.raises(ValueError, match="3-D"):
        matchscope.batch_linear_sum_assignment(np.ones((2, 2)))


def test_gil_is_released_while_solving():
    cost = np.random.default_rng(SEED + 5).random((700, 700))
    done = threading.Event()
    ticks = 0

    def run():
        matchscope.linear_sum_assignment(cost, backend="cpu")
        done.set()

    worker = threading.Thread(target=run)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert ticks > 20, "the main thread ran Python code during the solve"


def test_ctrl_c_interrupts_a_solve():
    # n = 3000 real costs take seconds on one core, so the signal lands inside the solve even on an idle
    # machine (at n = 1500 a fast solve could end first and the interrupt escape the test: seen in CI).
    cost = np.random.default_rng(SEED + 6).random((3000, 3000))
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    start = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            matchscope.linear_sum_assignment(cost, backend="sequential")
    finally:
        timer.cancel()
    assert time.perf_counter() - start < 5


def test_docstring_examples_hold():
    import doctest

    runner = doctest.DocTestRunner()
    for function in (matchscope.linear_sum_assignment, matchscope.solve):
        for test in doctest.DocTestFinder().find(function, function.__name__, module=False,
                                                 globs={"matchscope": matchscope, "np": np}):
            runner.run(test)
    results = runner.summarize(verbose=False)
    assert results.attempted >= 2 and results.failed == 0

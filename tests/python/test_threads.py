"""threads= changes nothing in the results, and calls from several Python threads run side by side."""

import threading

import spare_studio as ss


def test_results_do_not_depend_on_threads(teaching_path):
    one = ss.sweep(teaching_path, policies="spare", redundancy="2-3", seeds=3, threads=1).to_dict()
    two = ss.sweep(teaching_path, policies="spare", redundancy="2-3", seeds=3, threads=2).to_dict()
    assert one == two


def test_calls_release_the_gil(teaching_path):
    results = {}

    def run(seed):
        results[seed] = ss.simulate(teaching_path, seed=seed, events=False).to_dict()

    workers = [threading.Thread(target=run, args=(seed,)) for seed in (1, 2, 3)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    for seed in (1, 2, 3):
        assert results[seed] == ss.simulate(teaching_path, seed=seed, events=False).to_dict()


def test_concurrent_calls_keep_their_own_thread_counts():
    # A one-thread Monte-Carlo runs in one Python thread while a two-thread one runs in another: each
    # gets its own oneTBB arena, so neither limits the other.
    token = ss.CancelToken()
    started = threading.Event()
    outcome = {}

    def one_thread():
        try:
            ss.montecarlo(1000, 9, 10**9, threads=1, device="cpu", cancel=token,
                          progress=lambda done, total: started.set())
        except ss.Cancelled:
            outcome["cancelled"] = True

    worker = threading.Thread(target=one_thread)
    worker.start()
    try:
        assert started.wait(120)
        two = ss.montecarlo(100, 5, 2000, seed=3, threads=2, device="cpu").to_dict()
    finally:
        token.cancel()
        worker.join()
    assert outcome == {"cancelled": True}
    assert two["threads"] == 2
    alone = ss.montecarlo(100, 5, 2000, seed=3, threads=1, device="cpu").to_dict()
    assert alone["threads"] == 1
    for varying in ("threads", "seconds"):
        del two[varying], alone[varying]
    assert two == alone

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

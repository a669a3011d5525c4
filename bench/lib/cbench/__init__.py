"""cbench: carmine's benchmark runner (bench/run), stdlib-only Python 3.

Modules: programs (find benchmark files and their metadata), runtimes (find
carmine and CRuby), measure (run one process: wall time, peak RSS), parse
(carmine --stats=json, bench-metric lines, harness output), cells (run a
grid of configurations interleaved, summarise), svg (charts), report
(markdown and JSON), experiments (the source documents' sweeps), check
(--check / --record against bench/expected), cli (argument handling).
"""

"""The benchmarks (not tests): ``python -m bench WHAT [--quick]`` (``./build.sh bench WHAT``).
Each command is the module (or package) here named after it, ``-`` written ``_``
(``session-fuzz``: session_fuzz.py), with a ``main(argv)``; each prints its figures and, last,
one JSON object with all of them. What they share with the tests (the browser and desktop
drivers, the fuzzers' input, the measuring) is in testbed/, which never imports bench/."""

"""Benchmark scripts (not tests): ``python -m game.bench core|frame|ai|solver|web [--quick]``.
Each prints its figures and, last, one JSON object with all of them."""

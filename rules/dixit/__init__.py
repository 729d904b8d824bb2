"""Dixit: a storyteller tells a phrase about a secret picture; the others hide theirs among it.

(Work in progress: the deck and its pictures; the engine follows.)
"""

"""Patience Parlour: Forty Thieves, Indian Patience and Russian Bank."""

__version__ = "0.1.0"

"""Forty Thieves: stock, waste and eight foundations on top, ten columns below."""

from .shapes import stock_and_ten_columns

LAYOUT = stock_and_ten_columns()

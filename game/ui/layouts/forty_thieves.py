"""Forty Thieves: stock, waste and eight foundations on top, ten columns below."""

from game.ui.layout_shapes import portrait_stock_and_ten_columns, stock_and_ten_columns

LAYOUT = stock_and_ten_columns()
# sideways: the stock's and waste's counts at 12 CSS px below them, the columns 14 lower
SIDEWAYS = stock_and_ten_columns(columns_top=228)
PORTRAIT = portrait_stock_and_ten_columns

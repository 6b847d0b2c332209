"""Indian Patience: stock, waste and eight foundations on top, ten columns below."""

from .shapes import portrait_stock_and_ten_columns, stock_and_ten_columns

LAYOUT = stock_and_ten_columns()
PORTRAIT = portrait_stock_and_ten_columns

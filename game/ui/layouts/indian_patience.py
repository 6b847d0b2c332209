"""Indian Patience: stock, waste and eight foundations on top, ten columns below."""

from game.ui.layout_shapes import portrait_stock_and_ten_columns, stock_and_ten_columns

LAYOUT = stock_and_ten_columns()
# sideways: the counts at 12 CSS px below the stock and waste, the columns 14 lower; the
# columns 28 apart, so a lone protected card's tag ("protected", 116 px at 12 CSS px) stays
# clear of its neighbours' tags
SIDEWAYS = stock_and_ten_columns(gap=28, columns_top=228)
PORTRAIT = portrait_stock_and_ten_columns

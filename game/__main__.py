"""``python -m game``: play on the desktop."""


def run() -> None:
    print("The pygame client is not written yet (issue 3). The rules core is in game/core.")


if __name__ == "__main__":
    run()

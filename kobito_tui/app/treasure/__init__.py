"""The Hide the Treasure board: a 5x5 tile grid played by keys or clicks."""

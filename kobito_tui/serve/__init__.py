"""`kobito serve`: a table server with its own SSH door.

``hub`` owns every table, the computers and the store (``store``); clients
speak ``protocol`` to it over a Unix socket (``client``); ``door`` lets SSH
players in, each running the app in remote mode on a pseudo-terminal of its own.
Nothing in this package imports Textual.
"""

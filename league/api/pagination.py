"""Page-number pagination: ``?page=2&page_size=100`` (at most 200 a page).

A page past the end, or not a number, is a 404 with a message; a bad ``page_size`` falls back
to the default.
"""

from __future__ import annotations

from rest_framework.pagination import PageNumberPagination as DRFPageNumberPagination


class PageNumberPagination(DRFPageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

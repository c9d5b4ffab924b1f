"""Page-number pagination: ``?page=2&page_size=100`` (at most 200 a page).

A page past the end, or not a number, is a 404 with a message; a ``page_size`` that is not a
whole number from 1 to 200 is a 400 with a message (the schema gives those bounds).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination as DRFPageNumberPagination
from rest_framework.request import Request


class PageNumberPagination(DRFPageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request: Request) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            raise ValidationError(
                {
                    self.page_size_query_param: [
                        _("Give a whole number from 1 to %(most)d.") % {"most": self.max_page_size}
                    ]
                }
            )
        return int(raw)

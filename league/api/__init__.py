"""The REST API (djangorestframework), mounted at /api/.

Modules: :mod:`.serializers` (an input and an output serializer per endpoint),
:mod:`.filters` (django-filter), :mod:`.permissions`, :mod:`.pagination`,
:mod:`.exceptions` (domain errors as 4xx with a message), :mod:`.views` (thin viewsets that
call ``league.clubs.services`` / ``league.rankings.selectors``) and :mod:`.urls` (the router, the
OpenAPI schema at /api/schema/ and its documentation served from local files).

Other apps add their endpoints to the same router by listing them on their ``AppConfig``::

    api_routes = (("tournaments", "league.competitions.api.TournamentViewSet", "tournament"),)

(``prefix``, the viewset's dotted path, the basename), the way ``nav_items`` adds pages to the
navigation. docs/api.md describes every endpoint.
"""

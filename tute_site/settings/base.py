"""Settings shared by every mode.

The database, the channel layer, the Celery broker, the secret key and the mail backend are
chosen by ``local``, ``test`` and ``production``; see the package docstring.
"""

from __future__ import annotations

import warnings
from pathlib import Path

from django.utils.translation import gettext_lazy as _

from .env import env_str

BASE_DIR = Path(__file__).resolve().parent.parent.parent
VAR_DIR = BASE_DIR / "var"  # local state of an embedded install (git-ignored)

REDIS_URL = env_str("REDIS_URL") or None
DATABASE_URL = env_str("DATABASE_URL") or None

INSTALLED_APPS = [
    # Project apps come first so that their templates override the packages' ones.
    "league.clubs",
    "league.rankings",
    "games",
    "league.competitions",
    "league.notifications",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "channels",
    "django_countries",
    "django_htmx",
    "django_filters",
    "drf_spectacular",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular_sidecar",
    "template_partials",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "league.clubs.middleware.PreferredLanguageMiddleware",
]

ROOT_URLCONF = "tute_site.urls"
CSRF_FAILURE_VIEW = "tute_site.views.csrf_failure"
WSGI_APPLICATION = "tute_site.wsgi.application"
ASGI_APPLICATION = "tute_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tute_site.context_processors.site",
            ],
        },
    },
]

AUTH_USER_MODEL = "league.User"
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        # Django's, with its message in our catalogues (see league/clubs/validators.py).
        "NAME": "league.clubs.validators.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "league:home"

# django-allauth: sign up with a user name, an email and a password; log in with either.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_FORMS = {"signup": "league.clubs.forms.SignupForm"}
# "none", "optional" (a link is mailed, nothing waits on it) or "mandatory" (no login before it).
ACCOUNT_EMAIL_VERIFICATION = env_str("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_LOGOUT_ON_GET = False
ACCOUNT_LOGOUT_REDIRECT_URL = "league:home"
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Tute] "

LANGUAGE_CODE = "es"
LANGUAGES = [
    ("es", _("Spanish")),
    ("en", _("English")),
    ("it", _("Italian")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = env_str("DJANGO_TIME_ZONE", "Europe/Madrid")
USE_TZ = True

# The first countries of the profile's country list; the rest follow in alphabetical order.
COUNTRIES_FIRST = ["ES", "AR", "UY", "IT", "CL", "MX"]
COUNTRIES_FIRST_REPEAT = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# WhiteNoise serves files with a synchronous iterator, which Django under ASGI warns about.
warnings.filterwarnings("ignore", message="StreamingHttpResponse must consume synchronous")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Tute <noreply@localhost>")
# The site's address for links in mails sent outside a request (notifications).
TUTE_SITE_URL = env_str("TUTE_SITE_URL", "http://localhost:8000")

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Filters refuse an empty or malformed query parameter with a 400 (league/api/filters.py).
    "DEFAULT_FILTER_BACKENDS": ["league.api.filters.FilterBackend"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_PAGINATION_CLASS": "league.api.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "league.api.exceptions.exception_handler",
    # Only views naming a ``throttle_scope`` are throttled (league/api/throttles.py): getting a
    # token, and exporting or deleting one's account. Over the rate: 429 with a message.
    "DEFAULT_THROTTLE_CLASSES": ["league.api.throttles.ScopedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {"token": "20/minute", "account": "10/minute"},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Tute API",
    "VERSION": "1",
    "DESCRIPTION": "Players, clubs, ratings, leaderboards and finished matches (docs/api.md).",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # Swagger UI and Redoc from drf-spectacular-sidecar's static files: no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Every operation's error responses, with the API's error body (league/api/schema.py).
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "league.api.schema.postprocess_errors",
    ],
}

# Content-Security-Policy on every response (django-csp; docs/deploy.md). Scripts, styles,
# images, fonts and connections (fetch, htmx, the same-host ws:/wss: sockets) from this site
# only; no inline script, no eval. ``style-src-attr 'unsafe-inline'`` is deliberate: the
# hand's ``style="--n: ..."`` and the card sprite's hiding style are server-written style
# attributes that htmx and the sockets swap in; a style attribute cannot run script. The API
# docs pages widen it for themselves (league/api/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Celery (tute_site/celery.py reads every CELERY_* setting). Each mode sets the broker.
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BEAT_SCHEDULE: dict[str, dict[str, object]] = {
    # League fixtures whose play window closed unplayed are forfeited (league/competitions).
    "competitions-close-windows": {"task": "competitions.close_windows", "schedule": 300.0},
    # Players told that a league play window opened or closes soon (league/notifications).
    "notifications-window-reminders": {
        "task": "notifications.window_reminders",
        "schedule": 300.0,
    },
    # The bot ladder (league/rankings/ladder): a few new arena deals per variant, added to the
    # bot levels' ratings (seconds of a worker per variant).
    "rankings-refresh-bot-ladder": {"task": "rankings.refresh_bot_ladder", "schedule": 3600.0},
}
CELERY_TIMEZONE = TIME_ZONE

# Shown on the home page when the demo data exists (embedded mode only).
TUTE_DEMO_MODE = False
TUTE_DEMO_PASSWORD = "tute-demo-1234"  # not a secret: documented in the README

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "INFO"},
    # Django's own "django" logger has a console handler of its own when DEBUG is on and also
    # passes its records up to the root: every 403/404/500 traceback was printed twice.
    "loggers": {
        "django": {"level": "INFO"},  # no handlers of its own: the root's console prints it
        "django.db.backends": {"level": "WARNING"},
    },
}

"""Tests of the web app: every route and refusal, the OpenAPI schema, persistence across kill -9."""

"""Schemathesis against the served OpenAPI document, a real learner's token put in for {token}:
a bounded number of generated requests per operation, and never a 5xx."""

import unittest

import hypothesis
import schemathesis
from hypothesis import HealthCheck, given, settings

from server_fixture import Server

server = None
EXAMPLES_PER_OPERATION = 25


def setUpModule():
    global server
    server = Server().start()


def tearDownModule():
    server.stop()


def with_token(document, token, lesson_id):
    """The document with {token} one real learner's token and {id} either that learner's lesson or any string."""
    for item in document["paths"].values():
        for operation in item.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and parameter["name"] == "token":
                    parameter["schema"] = {"type": "string", "enum": [token]}
                if parameter.get("in") == "path" and parameter["name"] == "id":
                    parameter["schema"] = {"anyOf": [{"type": "string", "enum": [lesson_id]}, {"type": "string", "minLength": 1}]}
    return document


class SchemathesisTests(unittest.TestCase):
    def test_no_server_error_for_generated_requests(self):
        reply = server.request("GET", "/api/v1/openapi.json")
        self.assertEqual(reply.status, 200)
        lesson = server.next_lesson("Bo Chen")["id"]
        schema = schemathesis.openapi.from_dict(with_token(reply.json(), server.token("Bo Chen"), lesson))
        failures = []
        calls = []
        operations = [result.ok() for result in schema.get_all_operations()]
        self.assertGreaterEqual(len(operations), 7)
        for operation in operations:
            @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck), phases=[hypothesis.Phase.explicit, hypothesis.Phase.generate])
            @given(case=operation.as_strategy())
            def call(case):
                response = case.call(base_url=server.base, timeout=60)
                calls.append(response.status_code)
                if response.status_code >= 500:
                    failures.append((case.method, case.formatted_path, response.status_code, response.text[:300]))

            call()
        self.assertEqual(failures, [])
        self.assertGreaterEqual(len(calls), 5 * len(operations), "schemathesis made too few requests to say anything")
        print(f"schemathesis: {len(calls)} requests, statuses {sorted(set(calls))}")
        self.assertTrue(server.alive())


if __name__ == "__main__":
    unittest.main()

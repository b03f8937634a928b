"""Debian's nginx as a user process in front of a school's servers, with the configuration the docs
give (docs/nginx-school.conf) as it is, its ports replaced: the listening port by a free one, the
upstream servers' by the servers' (one server: the second upstream line left out). The school test
and the bench (scripts/bench_school.py) both run it."""

import os
import socket
import subprocess
import time

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The ports docs/nginx-school.conf names: nginx's, then the two servers'.
DOCS_LISTEN, DOCS_SERVERS = 8080, (8081, 8082)


def school_configuration(listen_port, server_ports):
    """docs/nginx-school.conf with its ports replaced."""
    with open(os.path.join(REPO, "docs", "nginx-school.conf")) as f:
        school = f.read()
    school = school.replace(f"127.0.0.1:{DOCS_LISTEN}", f"127.0.0.1:{listen_port}")
    if len(server_ports) == 1:
        school = "\n".join(line for line in school.split("\n") if f"127.0.0.1:{DOCS_SERVERS[1]}" not in line)
    for docs_port, port in zip(DOCS_SERVERS, server_ports):
        school = school.replace(f"127.0.0.1:{docs_port}", f"127.0.0.1:{port}")
    return school


class SchoolNginx:
    """nginx serving on a free loopback port, the school's configuration in its http block (with
    `extra_http`, directives of the caller's own at the http level); started when made, answering."""

    def __init__(self, folder, server_ports, extra_http=""):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.folder = folder
        os.makedirs(os.path.join(folder, "temp"), exist_ok=True)
        with open(os.path.join(folder, "koch.conf"), "w") as f:
            f.write(school_configuration(self.port, server_ports))
        # Workers as root where the tests run as root: they own the private folders.
        user = "user root root;\n" if os.geteuid() == 0 else ""
        conf = os.path.join(folder, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""{user}worker_processes auto;
daemon off;
pid {folder}/nginx.pid;
error_log {folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    {extra_http}
    client_body_temp_path {folder}/temp/body;
    proxy_temp_path {folder}/temp/proxy;
    fastcgi_temp_path {folder}/temp/fastcgi;
    uwsgi_temp_path {folder}/temp/uwsgi;
    scgi_temp_path {folder}/temp/scgi;
    include {folder}/koch.conf;
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", folder, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while not self._listening():
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx stopped at start (see {folder}/error.log)")
            if time.monotonic() > deadline:
                raise RuntimeError("nginx did not listen within 20 s")
            time.sleep(0.05)

    def _listening(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                return True
        except OSError:
            return False

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

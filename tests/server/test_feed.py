"""A learner's podcast feed as a podcast app reads it: RSS with iTunes tags, enclosures served
with byte ranges, and a feed token that opens the feed alone."""

import unittest

import feedparser

from server_fixture import Server

server = None
feed = None
feed_reply = None


def setUpModule():
    global server, feed, feed_reply
    server = Server().start()
    feed_reply = server.request("GET", server.path_of(server.links["Ann Lee"]["feed"]), timeout=120)
    feed = feedparser.parse(feed_reply.body)


def tearDownModule():
    server.stop()


class FeedTests(unittest.TestCase):
    def enclosures(self):
        return [link for entry in feed.entries for link in entry.links if link.get("rel") == "enclosure"]

    def test_feed_parses_with_three_episodes_and_itunes_tags(self):
        self.assertEqual(feed_reply.status, 200, feed_reply)
        self.assertTrue(feed_reply.headers["content-type"].startswith("application/rss+xml"))
        self.assertEqual(feed.bozo, 0, feed.get("bozo_exception"))
        self.assertEqual(len(feed.entries), 3)
        self.assertIn("Ann Lee", feed.feed.title)
        self.assertIn("itunes", feed.namespaces)
        self.assertIn("<itunes:explicit>false</itunes:explicit>", feed_reply.text)
        self.assertEqual(feed.feed.itunes_type, "episodic")
        self.assertEqual(feed.feed.itunes_block, 1, "a learner's feed is kept out of podcast directories")
        self.assertEqual(feed.feed.author, "koch")
        self.assertIn("Education", [tag.term for tag in feed.feed.tags])
        self.assertTrue(feed.feed.image.href.endswith("/artwork.png"))
        for entry in feed.entries:
            self.assertTrue(entry.id)
            self.assertRegex(entry.itunes_duration, r"^\d+:\d{2}:\d{2}$")
            self.assertEqual(len([link for link in entry.links if link.get("rel") == "enclosure"]), 1)

    def test_artwork_is_a_square_png(self):
        reply = server.request("GET", "/artwork.png")
        self.assertEqual(reply.status, 200)
        self.assertEqual(reply.body[:8], b"\x89PNG\r\n\x1a\n")
        width, height = int.from_bytes(reply.body[16:20], "big"), int.from_bytes(reply.body[20:24], "big")
        self.assertEqual((width, height), (1400, 1400))

    def test_every_enclosure_by_range_whole_and_past_the_end(self):
        enclosures = self.enclosures()
        self.assertEqual(len(enclosures), 3)
        for enclosure in enclosures:
            self.assertEqual(enclosure.type, "audio/mpeg")
            path = server.path_of(enclosure.href)
            length = int(enclosure.length)
            first = server.request("GET", path, headers={"Range": "bytes=0-1"})
            self.assertEqual(first.status, 206, first)
            self.assertEqual(first.headers["content-range"], f"bytes 0-1/{length}")
            self.assertEqual(len(first.body), 2)
            whole = server.request("GET", path)
            self.assertEqual(whole.status, 200)
            self.assertEqual(len(whole.body), length)
            self.assertEqual(int(whole.headers["content-length"]), length)
            self.assertEqual(first.body, whole.body[:2])
            middle = server.request("GET", path, headers={"Range": f"bytes=100-{length - 1}"})
            self.assertEqual(middle.status, 206)
            self.assertEqual(middle.body, whole.body[100:])
            past = server.request("GET", path, headers={"Range": f"bytes={length}-"})
            self.assertEqual(past.status, 416, past)
            self.assertEqual(past.headers.get("content-range"), f"bytes */{length}")

    def test_head_of_feed_and_enclosure(self):
        """Podcast apps ask for an enclosure's size with HEAD before they download it."""
        enclosure = self.enclosures()[0]
        head = server.request("HEAD", server.path_of(enclosure.href))
        self.assertEqual(head.status, 200, head)
        self.assertEqual(int(head.headers["content-length"]), int(enclosure.length))
        self.assertEqual(server.request("HEAD", server.path_of(server.links["Ann Lee"]["feed"])).status, 200)

    def test_feed_token_opens_nothing_else(self):
        feed_token = server.feed_token("Ann Lee")
        enclosure_id = server.path_of(self.enclosures()[0].href).rsplit("/", 1)[1].removesuffix(".mp3")
        for path in [f"/l/{feed_token}", f"/l/{feed_token}/lessons/{enclosure_id}", f"/l/{feed_token}/audio/{enclosure_id}.mp3",
                     f"/l/{feed_token}/report", f"/l/{feed_token}/progress.json", f"/api/v1/learners/{feed_token}",
                     f"/api/v1/learners/{feed_token}/progress", f"/api/v1/learners/{feed_token}/lessons/next"]:
            self.assertEqual(server.request("GET", path).status, 404, path)
        copy = server.request("POST", f"/api/v1/learners/{feed_token}/lessons/{enclosure_id}/copy", body="KM")
        self.assertEqual(copy.status, 404)

    def test_link_token_does_not_open_the_feed(self):
        link_token = server.token("Ann Lee")
        self.assertEqual(server.request("GET", f"/f/{link_token}/feed.xml").status, 404)
        enclosure_id = server.path_of(self.enclosures()[0].href).rsplit("/", 1)[1]
        self.assertEqual(server.request("GET", f"/f/{link_token}/audio/{enclosure_id}").status, 404)

    def test_another_learners_feed_token_does_not_open_this_feed_s_audio(self):
        other = server.feed_token("Bo Chen")
        enclosure_id = server.path_of(self.enclosures()[0].href).rsplit("/", 1)[1]
        self.assertEqual(server.request("GET", f"/f/{other}/audio/{enclosure_id}").status, 404)

    def test_feed_does_not_give_away_the_learners_link(self):
        """The feed's token grants the feed alone; a feed that prints the link grants all of it."""
        self.assertNotIn(server.token("Ann Lee"), feed_reply.text)


if __name__ == "__main__":
    unittest.main()

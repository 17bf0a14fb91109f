DROP TABLE calendar_feeds;

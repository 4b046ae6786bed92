-- The queries of the site's own feeds (/feed.xml, /feed.json; lib/articles/site-feed.ts), as Drizzle sends
-- them, under EXPLAIN ANALYZE on the 1,000,000-article corpus:
-- psql postgres://postgres@127.0.0.1:5432/shiyue_bench_1m -f bench/site-feed-plans.sql
-- (npm run seed -- --synthetic 1000000 into that database first). It hides 100 articles and dates the 5 newest
-- an hour ahead inside a transaction that is rolled back, so the corpus is left as it was. Figures: docs/feeds.md.
\timing off
begin;
update articles set hidden_at = now(), search_title = '', search_body = '', search_grams = '' where id % 10007 = 0;
update articles set published_at = now() + interval '1 hour'
  where id in (select id from articles order by published_at desc nulls last, id desc nulls last limit 5);
analyze articles;

\echo '== every poll: the articles version (site_counters primary key)'
explain (analyze, buffers, costs off) select "value" from "site_counters" where "site_counters"."name" = 'articles_version';

\echo '== a rebuild: the newest 50 published articles without their bodies (articles_published_idx, no sort)'
explain (analyze, buffers, costs off) select "id", "title", "summary", "author_name", "source_platform", "source_url",
  "cover_image", "published_at", "updated_at" from "articles"
  where ("articles"."hidden_at" is null and "articles"."published_at" <= now())
  order by "articles"."published_at" desc nulls last, "articles"."id" desc nulls last limit 50;

\echo '== a rebuild: when the next future-dated article comes out (the same index, backwards)'
explain (analyze, buffers, costs off) select "published_at" from "articles"
  where ("articles"."hidden_at" is null and "articles"."published_at" > now())
  order by "articles"."published_at" asc nulls first limit 1;

\echo '== a rebuild: the bodies not rendered before (all 50 on the first build; primary key)'
explain (analyze, buffers, costs off) select "id", "content" from "articles" where "articles"."id" in
  (select id from articles where hidden_at is null and published_at <= now()
   order by published_at desc nulls last, id desc nulls last limit 50);
rollback;

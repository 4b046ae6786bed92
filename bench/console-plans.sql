-- The request-path queries issue 21 added or changed, as Drizzle sends them, under EXPLAIN ANALYZE on the
-- 1,000,000-article corpus: psql postgres://postgres@127.0.0.1:5432/shiyue_bench_1m -f bench/console-plans.sql
-- (npm run seed -- --synthetic 1000000 into that database first). It hides 100 and pins 5 articles, inside a
-- transaction that is rolled back, so the corpus is left as it was. Figures: docs/performance.md, "Console".
\timing off
begin;
update articles set hidden_at = now(), search_title = '', search_body = '', search_grams = '' where id % 10007 = 0;
update articles set pinned_at = now(), pinned_until = now() + interval '3 days' where id in (11, 22, 33, 44, 55);
analyze articles;

\echo '== feed page 1: the pinned articles (articles_pinned_idx)'
explain (analyze, buffers, costs off) select id, title, summary from articles
  where pinned_until is not null and pinned_until > now() and hidden_at is null order by pinned_at desc limit 5;

\echo '== feed page 1 and page 50: the hot order without hidden or pinned articles (articles_hot_idx)'
explain (analyze, buffers, costs off) select id, title, summary from articles
  where hidden_at is null and (pinned_until is null or pinned_until <= now())
  order by hot_score desc nulls last, id desc nulls last limit 15 offset 0;
explain (analyze, buffers, costs off) select id, title, summary from articles
  where hidden_at is null and (pinned_until is null or pinned_until <= now())
  order by hot_score desc nulls last, id desc nulls last limit 20 offset 975;

\echo '== sitemap file 10: the articles with ids in [500000, 550000) (articles_pkey; lib/seo/sitemaps.ts)'
explain (analyze, buffers, costs off) select id, round(date_part('epoch', updated_at) * 1000000) as us,
  hidden_at is null as shown from articles where id between 500000 and 549999 order by id;

\echo '== permalink: a visible article by id (primary key)'
explain (analyze, buffers, costs off) select id, title from articles where id = 500000 and hidden_at is null;

\echo '== console list, no filter (articles_published_idx) and its total (counter + hidden ones)'
explain (analyze, buffers, costs off) select a.id, a.title, f.title from articles a left join feed_sources f on f.id = a.feed_source_id
  order by a.published_at desc nulls last, a.id desc nulls last limit 20 offset 0;
explain (analyze, buffers, costs off) select count(*) from articles where hidden_at is not null;

\echo '== console list by platform (articles_platform_published_idx), page 1 and the capped count'
explain (analyze, buffers, costs off) select a.id, a.title from articles a left join feed_sources f on f.id = a.feed_source_id
  where a.platform_name = 'juejin' order by a.published_at desc nulls last, a.id desc nulls last limit 20 offset 0;
explain (analyze, buffers, costs off) select count(*) from (select 1 from articles where platform_name = 'juejin' limit 10001) m;

\echo '== console list by source (articles_source_published_idx)'
explain (analyze, buffers, costs off) select a.id, a.title from articles a left join feed_sources f on f.id = a.feed_source_id
  where a.feed_source_id = 1 order by a.published_at desc nulls last, a.id desc nulls last limit 20;

\echo '== console list: hidden articles (articles_hidden_idx)'
explain (analyze, buffers, costs off) select a.id, a.title from articles a left join feed_sources f on f.id = a.feed_source_id
  where a.hidden_at is not null order by a.published_at desc nulls last, a.id desc nulls last limit 20;

\echo '== console list: a title phrase (articles_title_grams_idx) or a hidden title holding it, page 1 and capped count'
explain (analyze, buffers, costs off) select a.id, a.title from articles a left join feed_sources f on f.id = a.feed_source_id
  where (a.title_grams @@ to_tsquery('simple', '独立 <-> 立书 <-> 书店') or (a.hidden_at is not null and a.title ilike '%独立书店%'))
  order by a.published_at desc nulls last, a.id desc nulls last limit 20;
explain (analyze, buffers, costs off) select count(*) from (select 1 from articles a
  where (a.title_grams @@ to_tsquery('simple', '独立 <-> 立书 <-> 书店') or (a.hidden_at is not null and a.title ilike '%独立书店%')) limit 10001) m;
rollback;

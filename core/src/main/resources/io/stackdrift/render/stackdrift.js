/*
 * Stack Drift: sorts, filters and pages the table of stacks (.sd-build) from its data-* attributes.
 * A static file on purpose: Jenkins' Content-Security-Policy forbids inline scripts. The page works
 * without it (every row shown, most urgent first). The view can be shared: #q=net&state=drifted&sort=changes&dir=desc
 * Only textContent and attributes are written; never HTML.
 */
(function () {
  'use strict';

  var ATTENTION_MAX_RANK = 4; // failed, pending+drifted, drifted, awaiting approval, pending

  function readHash() {
    var params = {};
    var hash = window.location.hash.replace(/^#/, '');
    hash.split('&').forEach(function (pair) {
      if (!pair) { return; }
      var at = pair.indexOf('=');
      var key = at < 0 ? pair : pair.substring(0, at);
      var value = at < 0 ? '' : pair.substring(at + 1);
      try { params[decodeURIComponent(key)] = decodeURIComponent(value.replace(/\+/g, ' ')); } catch (e) { /* ignore a bad pair */ }
    });
    return params;
  }

  function writeHash(view) {
    var parts = [];
    if (view.q) { parts.push('q=' + encodeURIComponent(view.q)); }
    if (view.state) { parts.push('state=' + encodeURIComponent(view.state)); }
    if (view.sort !== 'rank' || view.dir !== 'asc') {
      parts.push('sort=' + encodeURIComponent(view.sort));
      parts.push('dir=' + encodeURIComponent(view.dir));
    }
    var hash = parts.length ? '#' + parts.join('&') : '';
    if (window.history && window.history.replaceState) {
      try { window.history.replaceState(null, '', window.location.pathname + window.location.search + hash); } catch (e) { /* file: on some browsers */ }
    }
  }

  /** Compares by the chosen column in the chosen direction; ties always by stack id, A to Z. */
  function compare(sort, dir) {
    var sign = dir === 'desc' ? -1 : 1;
    function byStack(a, b) { return a.stack < b.stack ? -1 : (a.stack > b.stack ? 1 : 0); }
    function primary(a, b) {
      if (sort === 'stack') { return 0; }
      if (sort === 'tool') { return a.tool < b.tool ? -1 : (a.tool > b.tool ? 1 : 0); }
      if (sort === 'changes') { return a.changes - b.changes; }
      return a.rank - b.rank;
    }
    return function (a, b) {
      return sort === 'stack' ? sign * byStack(a, b) : (sign * primary(a, b)) || byStack(a, b);
    };
  }

  function init(section) {
    var table = section.querySelector('table.sd-rows');
    if (!table || section.getAttribute('data-sd-ready')) { return; }
    section.setAttribute('data-sd-ready', 'true');
    var tbody = table.tBodies[0];
    var pageSize = parseInt(section.getAttribute('data-page-size'), 10) || 50;
    var items = Array.prototype.map.call(tbody.rows, function (tr) {
      return {
        tr: tr,
        stack: tr.getAttribute('data-stack') || '',
        tool: tr.getAttribute('data-tool') || '',
        state: tr.getAttribute('data-state') || '',
        rank: parseInt(tr.getAttribute('data-rank'), 10) || 0,
        changes: parseInt(tr.getAttribute('data-changes'), 10) || 0
      };
    });
    var hash = readHash();
    var view = {
      q: hash.q || '',
      state: hash.state || '',
      sort: ['stack', 'tool', 'rank', 'changes'].indexOf(hash.sort) >= 0 ? hash.sort : 'rank',
      dir: hash.dir === 'desc' ? 'desc' : 'asc',
      limit: pageSize
    };

    var controls = section.querySelector('.sd-controls');
    var filter = section.querySelector('.sd-filter');
    var stateFilter = section.querySelector('.sd-state-filter');
    var pager = section.querySelector('.sd-pager');
    var shown = section.querySelector('.sd-shown');
    var more = section.querySelector('.sd-show-more');
    var all = section.querySelector('.sd-show-all');
    if (controls) { controls.hidden = false; }
    if (filter) { filter.value = view.q; }
    if (stateFilter) {
      var known = Array.prototype.some.call(stateFilter.options, function (o) { return o.value === view.state; });
      if (!known) { view.state = ''; }
      stateFilter.value = view.state;
    }

    var headers = Array.prototype.slice.call(table.tHead.rows[0].cells).filter(function (th) {
      return th.getAttribute('data-sort');
    });
    headers.forEach(function (th) {
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'sd-sort';
      button.textContent = th.textContent;
      th.textContent = '';
      th.appendChild(button);
      button.addEventListener('click', function () {
        var key = th.getAttribute('data-sort');
        if (view.sort === key) {
          view.dir = view.dir === 'asc' ? 'desc' : 'asc';
        } else {
          view.sort = key;
          view.dir = key === 'changes' ? 'desc' : 'asc';
        }
        apply();
      });
    });

    function matches(item) {
      var q = view.q.trim().toLowerCase();
      if (q && item.stack.toLowerCase().indexOf(q) < 0) { return false; }
      if (view.state === 'attention') { return item.rank <= ATTENTION_MAX_RANK; }
      return !view.state || item.state === view.state;
    }

    function apply() {
      var sorted = items.slice().sort(compare(view.sort, view.dir));
      var matching = 0;
      sorted.forEach(function (item) {
        tbody.appendChild(item.tr);
        var visible = matches(item);
        if (visible) { matching += 1; }
        item.tr.hidden = !visible || matching > view.limit;
      });
      headers.forEach(function (th) {
        if (th.getAttribute('data-sort') === view.sort) {
          th.setAttribute('aria-sort', view.dir === 'asc' ? 'ascending' : 'descending');
        } else {
          th.removeAttribute('aria-sort');
        }
      });
      var visibleCount = Math.min(matching, view.limit);
      if (pager) {
        pager.hidden = false;
        shown.textContent = 'Showing ' + visibleCount + ' of ' + matching + (matching === 1 ? ' stack' : ' stacks') +
          (matching === items.length ? '' : ' (' + items.length + ' in all)');
        more.hidden = matching <= view.limit;
        all.hidden = matching <= view.limit;
        more.textContent = 'Show ' + Math.min(pageSize, matching - visibleCount) + ' more';
      }
      section.setAttribute('data-sd-matching', String(matching));
      writeHash(view);
    }

    if (filter) {
      filter.addEventListener('input', function () { view.q = filter.value; view.limit = pageSize; apply(); });
    }
    if (stateFilter) {
      stateFilter.addEventListener('change', function () { view.state = stateFilter.value; view.limit = pageSize; apply(); });
    }
    if (more) { more.addEventListener('click', function () { view.limit += pageSize; apply(); }); }
    if (all) { all.addEventListener('click', function () { view.limit = items.length; apply(); }); }
    apply();
  }

  function start() {
    document.documentElement.classList.add('sd-js');
    Array.prototype.forEach.call(document.querySelectorAll('.sd-build'), init);
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
}());

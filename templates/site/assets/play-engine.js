/* smashup-db game night: `smashup draft` ported from Python (CPython 3.11's random.Random, the rules, the order
 * of random steps), so a seed gives the same night here and in Node's golden tests. docs/play.md. No DOM. */
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./pyformat.js"));
  else root.SmashPlay = factory(root.SmashFormat);
})(typeof self !== "undefined" ? self : this, function (F) {
  "use strict";

  // ---- CPython's random.Random
  var N = 624, M = 397;

  function PyRandom(seed) {
    this.mt = new Uint32Array(N);
    this.mti = N + 1;
    this.seed(seed);
  }

  PyRandom.prototype.initGenrand = function (s) {
    var mt = this.mt;
    mt[0] = s >>> 0;
    for (var i = 1; i < N; i++) {
      var x = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, x) + i) >>> 0;
    }
    this.mti = N;
  };

  PyRandom.prototype.initByArray = function (key) {
    var mt = this.mt, i = 1, j = 0, k, len = key.length;
    this.initGenrand(19650218);
    for (k = Math.max(N, len); k; k--) {
      var x = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(x, 1664525)) >>> 0) + key[j] + j >>> 0;
      i++; j++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
      if (j >= len) j = 0;
    }
    for (k = N - 1; k; k--) {
      var y = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(y, 1566083941)) >>> 0) - i >>> 0;
      i++;
      if (i >= N) { mt[0] = mt[N - 1]; i = 1; }
    }
    mt[0] = 0x80000000;
  };

  /** Seed as CPython does from an int: the 32-bit words of abs(seed), least significant first. */
  PyRandom.prototype.seed = function (seed) {
    var a = BigInt(seed);
    if (a < 0n) a = -a;
    var key = [];
    while (a > 0n) { key.push(Number(a & 0xffffffffn)); a >>= 32n; }
    if (!key.length) key.push(0);
    this.initByArray(key);
  };

  PyRandom.prototype.genrandUint32 = function () {
    var mt = this.mt, y, kk;
    if (this.mti >= N) {
      for (kk = 0; kk < N - M; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      for (; kk < N - 1; kk++) {
        y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      this.mti = 0;
    }
    y = mt[this.mti++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };

  /** random.getrandbits(k) for 0 <= k <= 32 (all the draft needs: lists are short). */
  PyRandom.prototype.getrandbits = function (k) {
    if (k === 0) return 0;
    if (k < 0 || k > 32) throw new RangeError("getrandbits: 0..32 bits only");
    return this.genrandUint32() >>> (32 - k);
  };

  function bitLength(n) { return n === 0 ? 0 : 32 - Math.clz32(n); }

  /** Random._randbelow_with_getrandbits(n): rejection sampling, n > 0. */
  PyRandom.prototype.randbelow = function (n) {
    var k = bitLength(n), r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  };

  PyRandom.prototype.randrange = function (stop) {
    if (!(stop > 0)) throw new RangeError("empty range for randrange()");
    return this.randbelow(stop);
  };

  PyRandom.prototype.choice = function (seq) {
    if (!seq.length) throw new RangeError("Cannot choose from an empty sequence");
    return seq[this.randbelow(seq.length)];
  };

  PyRandom.prototype.shuffle = function (x) {
    for (var i = x.length - 1; i > 0; i--) {
      var j = this.randbelow(i + 1), t = x[i];
      x[i] = x[j]; x[j] = t;
    }
  };

  /** Random.sample(population, k): the pool branch for small populations, else the set branch. */
  PyRandom.prototype.sample = function (population, k) {
    var n = population.length, result = new Array(k), i, j;
    if (!(k >= 0 && k <= n)) throw new RangeError("Sample larger than population or is negative");
    var setsize = 21;
    if (k > 5) setsize += Math.pow(4, Math.ceil(Math.log(k * 3) / Math.log(4)));
    if (n <= setsize) {
      var pool = population.slice();
      for (i = 0; i < k; i++) {
        j = this.randbelow(n - i);
        result[i] = pool[j];
        pool[j] = pool[n - i - 1];
      }
    } else {
      var selected = new Set();
      for (i = 0; i < k; i++) {
        j = this.randbelow(n);
        while (selected.has(j)) j = this.randbelow(n);
        selected.add(j);
        result[i] = population[j];
      }
    }
    return result;
  };

  // ---- errors and messages
  /** A person-made mistake: ``template`` is the English msgid of the Python rules (str.format fields), as
   * smashup_db.rules.draft.DraftError: ``field`` (the input refused, if one), ``given`` and ``allowed``. */
  function DraftError(template, values, given, allowed) {
    this.template = template;
    this.values = values || {};
    this.field = F.isField(this.values.field) ? this.values.field.field : null;
    this.given = given === undefined ? null : given;
    this.allowed = allowed === undefined ? null : allowed;
    this.message = F.format(template, this.values);
  }
  DraftError.prototype = Object.create(Error.prototype);
  DraftError.prototype.name = "DraftError";

  var format = F.format, field = F.field;

  function msg(template, values) { return {template: template, values: values || {}}; }

  function dedupe(xs) {
    var seen = new Set(), out = [];
    xs.forEach(function (x) { if (!seen.has(x)) { seen.add(x); out.push(x); } });
    return out;
  }

  // ---- catalogue facts
  /** Index the page's JSON (smashup_db/site/play.py) once. */
  function Catalogue(raw) {
    var self = this;
    this.raw = raw;
    this.factions = raw.f.map(function (r) { return r[0]; });
    this.factionName = new Map(); this.complexityOf = new Map(); this.factionProducts = new Map();
    raw.f.forEach(function (r) {
      self.factionName.set(r[0], r[1]);
      self.complexityOf.set(r[0], r[2]);
      if (r[3] && r[3].length) self.factionProducts.set(r[0], r[3]);
    });
    this.products = raw.p.map(function (r) { return r[0]; });
    this.productName = new Map(); this.productBases = new Map(); this.extraDecks = new Map();
    raw.p.forEach(function (r) {
      self.productName.set(r[0], r[1]); self.productBases.set(r[0], r[2]); self.extraDecks.set(r[0], r[3]);
    });
    this.base = new Map(Object.keys(raw.b).map(function (k) { return [k, raw.b[k]]; }));
    this.extraName = new Map(Object.keys(raw.x || {}).map(function (k) { return [k, raw.x[k]]; }));
    this.component = new Map((raw.c || []).map(function (c) { return [c[0], c]; }));
    this.lang = raw.lang || "en";
  }
  Catalogue.prototype.fname = function (f) { return this.factionName.has(f) ? this.factionName.get(f) : f; };
  Catalogue.prototype.bname = function (b) { return this.base.has(b) ? this.base.get(b)[0] : b; };
  Catalogue.prototype.pname = function (p) { return this.productName.has(p) ? this.productName.get(p) : p; };
  /** A base's facts {printing, breakpoint, vp, known} under printings ({product: printing}): printing.applies,
   * Catalogue.printing_of; raw.g = assets/play-printings.json (play.py printing_facts). */
  Catalogue.prototype.facts = function (b, printings) {
    var r = this.base.get(b), used = "current", held, i, alt;
    if (printings) {
      held = (this.raw.h || {})[b] || [r[7]];
      for (i = 0; i < held.length; i++) {
        if (Object.prototype.hasOwnProperty.call(printings, held[i]) && printings[held[i]]) { used = printings[held[i]]; break; }
      }
    }
    alt = ((this.raw.g || {})[b] || [1, 0])[used === "original" ? 0 : used === "german" ? 1 : -1];
    if (alt === undefined || alt === 0) return {printing: r[3], breakpoint: r[4], vp: r[5], known: !!r[2]};
    if (alt === 1) return {printing: used, breakpoint: r[4], vp: r[5], known: !!r[2]};
    return {printing: used, breakpoint: alt[0], vp: alt[1], known: alt[0] != null};
  };

  // ---- rules/draft.py
  var MIN_PLAYERS = 2, MAX_PLAYERS = 8, FACTIONS_PER_PLAYER = 2, MIN_POOL = 8;
  var FORMATS = ["snake", "random", "offer", "pick-one-random"], DEFAULT_OFFER = 3;
  var MODES = ["set", "faction", "all"], SPARE_BASES = 4, COMPLEXITY_LEVELS = ["low", "medium", "high"];

  function checkPlayers(players) {
    players = players.slice();
    if (!(players.length >= MIN_PLAYERS && players.length <= MAX_PLAYERS))
      throw new DraftError("a draft needs {min} to {max} players, got {n}", {min: MIN_PLAYERS, max: MAX_PLAYERS, n: players.length});
    if (players.some(function (p) { return typeof p !== "string" || !p.trim(); }))
      throw new DraftError("player names must be non-empty text");
    var seen = new Set();
    players.forEach(function (p) {
      if (seen.has(p)) throw new DraftError("player {p!r} is named twice", {p: p});
      seen.add(p);
    });
    return players;
  }

  /** session.py caseless (Straße = STRASSE). */
  function caseless(name) { return String(name).toUpperCase().toLowerCase(); }

  function snakeOrder(players, rounds) {
    rounds = rounds === undefined ? FACTIONS_PER_PLAYER : rounds;
    players = checkPlayers(players);
    var order = [];
    for (var r = 0; r < rounds; r++) order.push.apply(order, r % 2 === 0 ? players : players.slice().reverse());
    return order;
  }

  function defaultPoolSize(n) { return Math.max(MIN_POOL, FACTIONS_PER_PLAYER * n); }

  function makePool(factionIds, nPlayers, poolSize, rng) {
    if (!(nPlayers >= MIN_PLAYERS && nPlayers <= MAX_PLAYERS))
      throw new DraftError("a draft needs {min} to {max} players, got {n_players}", {min: MIN_PLAYERS, max: MAX_PLAYERS, n_players: nPlayers});
    var candidates = dedupe(factionIds);
    var size = poolSize == null ? defaultPoolSize(nPlayers) : poolSize;
    var needed = FACTIONS_PER_PLAYER * nPlayers;
    if (size < needed)
      throw new DraftError("a pool of {size} is too small for {n_players} players (need at least {needed})", {size: size, n_players: nPlayers, needed: needed});
    if (candidates.length < size)
      throw new DraftError("only {n} factions available, the pool needs {size}", {n: candidates.length, size: size});
    return rng.sample(candidates, size);
  }

  /** rules/draft.py DraftState: pool, snake order, picks, copies owned (default 1 each). */
  function DraftState(players, pool, copies, names) {
    this.players = checkPlayers(players);
    this.order = snakeOrder(this.players);
    pool = pool.slice();
    if (new Set(pool).size !== pool.length) {
      var dup = pool.find(function (f, i) { return pool.indexOf(f) !== i; });
      throw new DraftError("faction {faction!r} is in the pool twice", {faction: dup});
    }
    var needed = FACTIONS_PER_PLAYER * this.players.length;
    if (pool.length < needed)
      throw new DraftError("a pool of {n} is too small for {m} players (need at least {needed})", {n: pool.length, m: this.players.length, needed: needed});
    this.pool = pool;
    this.copies = new Map(pool.map(function (f) { return [f, 1]; }));
    var self = this;
    if (copies) copies.forEach(function (n, f) { if (self.copies.has(f)) self.copies.set(f, n); });
    this.picks = [];
    this.names = names || function (f) { return f; };
    this.offers = null;
  }
  DraftState.prototype.holdings = function () {
    var held = new Map(this.players.map(function (p) { return [p, []]; }));
    this.picks.forEach(function (p) { held.get(p.player).push(p.faction); });
    return held;
  };
  DraftState.prototype.done = function () { return this.picks.length >= this.order.length; };
  DraftState.prototype.currentPlayer = function () { return this.done() ? null : this.order[this.picks.length]; };
  DraftState.prototype.currentRound = function () {
    return this.done() ? null : Math.floor(this.picks.length / this.players.length) + 1;
  };
  DraftState.prototype.holders = function (f) {
    return this.picks.filter(function (p) { return p.faction === f; }).map(function (p) { return p.player; });
  };
  /** Why the current player may not take ``f`` (a message), or null. */
  DraftState.prototype.refusal = function (f) {
    var player = this.currentPlayer(), shown = this.names;
    if (player === null) return msg("the draft is over: every player has 2 factions");
    if (this.offers && this.copies.has(f) && this.offers.get(player).indexOf(f) < 0)
      return msg("{faction} was not offered to {player} (offered: {offered})",
                 {faction: shown(f), player: player, offered: this.offers.get(player).map(shown).join(", ")});
    if (!this.copies.has(f)) return msg("{faction} is not in the pool", {faction: shown(f)});
    var holders = this.holders(f);
    if (holders.indexOf(player) >= 0)
      return msg("{player} already holds {faction}; nobody plays the same faction twice", {player: player, faction: shown(f)});
    var n = this.copies.get(f);
    if (holders.length >= n)
      return msg(n === 1 ? "{faction} is taken by {holders} and only 1 copy is owned"
                         : "{faction} is taken by {holders} and only {n} copies are owned",
                 {faction: shown(f), holders: holders.join(", "), n: n});
    return null;
  };
  DraftState.prototype.legalPicks = function () {
    var self = this;
    return this.pool.filter(function (f) { return self.refusal(f) === null; });
  };
  DraftState.prototype.pick = function (f) {
    var why = this.refusal(f);
    if (why) throw new DraftError(why.template, why.values);
    var record = {round: this.currentRound(), player: this.currentPlayer(), faction: f};
    this.picks.push(record);
    return record;
  };
  DraftState.prototype.undo = function () {
    if (!this.picks.length) throw new DraftError("nothing to undo: no faction has been picked yet");
    return this.picks.pop();
  };
  DraftState.prototype.autoPick = function (rng) {
    var legal = this.legalPicks();
    if (!legal.length) {
      var why = this.refusal(this.pool[0]) || msg("no legal pick is left");
      throw new DraftError(why.template, why.values);
    }
    return this.pick(rng.choice(legal));
  };
  DraftState.prototype.autoFinish = function (rng) {
    while (!this.done()) this.autoPick(rng);
    return this;
  };

  // ---- rules/formats.py
  function checkFormat(fmt) {
    var f = String(fmt || "").trim().toLowerCase();
    if (FORMATS.indexOf(f) < 0)
      throw new DraftError("{field} {fmt!r} is not a draft format; use one of: {formats}", {field: field("format"), fmt: fmt, formats: F.choices("format", FORMATS)}, fmt, FORMATS);
    return f;
  }

  function formatPoolSize(fmt, nPlayers, requested, offer) {
    fmt = checkFormat(fmt);
    if (fmt === "offer") {
      if (typeof offer !== "number" || !Number.isInteger(offer) || offer < FACTIONS_PER_PLAYER)
        throw new DraftError("{field} must be {factions_per_player} or more (each player keeps two), got {offer!r}", {field: field("offer"), factions_per_player: FACTIONS_PER_PLAYER, offer: offer}, offer, ">= " + FACTIONS_PER_PLAYER);
      var size = offer * nPlayers;
      if (requested != null && requested !== size)
        throw new DraftError("{field} {requested} does not fit {format} offer: {n_players} players x {offer} offered = {size}", {field: field("pool"), format: field("format"), requested: requested, n_players: nPlayers, offer: offer, size: size}, requested, [size]);
      return size;
    }
    if (requested != null) return requested;
    return fmt === "random" ? FACTIONS_PER_PLAYER * nPlayers : defaultPoolSize(nPlayers);
  }

  function startFormat(fmt, players, pool, rng, copies, offer, names) {
    fmt = checkFormat(fmt);
    var state;
    if (fmt === "offer") {
      var size = formatPoolSize("offer", players.length, null, offer);
      if (pool.length !== size)
        throw new DraftError("an offer of {offer} for {n} players needs a pool of {size}, got {m}", {offer: offer, n: players.length, size: size, m: pool.length});
      state = new DraftState(players, pool, copies, names);
      state.offers = new Map(state.players.map(function (p, i) { return [p, pool.slice(i * offer, (i + 1) * offer)]; }));
      return state;
    }
    state = new DraftState(players, pool, copies, names);
    if (fmt === "random") { while (!state.done()) state.autoPick(rng); }
    else if (fmt === "pick-one-random") { state.players.forEach(function () { state.autoPick(rng); }); }
    return state;
  }

  // ---- rules/pool.py
  function parseComplexity(value) {
    if (value == null) return null;
    var parts = Array.isArray(value) ? value.join(",").split(",") : String(value).split(",");
    var levels = dedupe(parts.map(function (p) { return p.trim().toLowerCase(); }).filter(Boolean));
    var bad = levels.filter(function (l) { return COMPLEXITY_LEVELS.indexOf(l) < 0; }).sort();
    if (bad.length)
      throw new DraftError("{field} {bad} is not a level; use {complexity_levels}", {field: field("complexity"), bad: bad.join(", "), complexity_levels: F.choices("complexity", COMPLEXITY_LEVELS)}, bad, COMPLEXITY_LEVELS);
    return levels.length ? new Set(levels) : null;
  }

  function complexityMatches(level, wanted) {
    if (wanted == null) return true;
    if (!level) return false;
    return level.split("-").some(function (part) { return wanted.has(part); });
  }

  /** rules/pool.py _explain: which filter removed what, as a message ("{p0}; {p1}" of one part each). */
  function explain(removed, shown) {
    var parts = {}, n = 0;
    removed.forEach(function (facs, name) {
      if (!facs.length) return;
      var names = facs.slice(0, 4).map(shown).join(", ");
      parts["p" + n++] = msg(facs.length > 4 ? "{option} removed {n} ({names} and {more} more)" : "{option} removed {n} ({names})",
                             {option: field(name), n: facs.length, names: names, more: facs.length - 4});
    });
    if (!n) return msg("no option removed any");
    return msg(Object.keys(parts).map(function (k) { return "{" + k + "}"; }).join("; "), parts);
  }

  function chooseCandidates(factions, needed, o) {
    factions = dedupe(factions);
    var banSet = new Set(o.ban || []), inc = dedupe(o.include || []), shown = o.names || function (f) { return f; };
    var both = inc.filter(function (f) { return banSet.has(f); });
    if (both.length) throw new DraftError("{both} is both banned and included; drop it from {ban} or {field}", {field: field("include"), ban: field("ban"), both: both.map(shown).join(", ")}, both);
    var ownedSet = o.owned == null ? null : new Set(o.owned);
    var unowned = inc.filter(function (f) { return ownedSet !== null && !ownedSet.has(f); });
    if (unowned.length) throw new DraftError("{field} {unowned}: not in the collection used for this draft", {field: field("include"), unowned: unowned.map(shown).join(", ")}, unowned);
    var unknown = inc.filter(function (f) { return factions.indexOf(f) < 0; });
    if (unknown.length) throw new DraftError("{field} {unknown}: not a faction of the catalogue", {field: field("include"), unknown: unknown.join(", ")}, unknown);
    if (inc.length > needed) throw new DraftError("{field} names {n} factions but the pool holds only {needed}", {field: field("include"), n: inc.length, needed: needed}, inc, "<= " + needed);
    var prodSet = o.products == null ? null : new Set(o.products);
    var complexityOf = o.complexityOf || new Map(), factionProducts = o.factionProducts || new Map();
    var incSet = new Set(inc), removed = new Map(), kept = [];
    factions.forEach(function (f) {
      if (incSet.has(f)) { kept.push(f); return; }
      var reason = null;
      if (ownedSet !== null && !ownedSet.has(f)) reason = "collection";
      else if (banSet.has(f)) reason = "ban";
      else if (prodSet !== null && !(factionProducts.get(f) || []).some(function (p) { return prodSet.has(p); })) reason = "products";
      else if (!complexityMatches(complexityOf.get(f), o.complexity)) reason = "complexity";
      if (reason) { if (!removed.has(reason)) removed.set(reason, []); removed.get(reason).push(f); }
      else kept.push(f);
    });
    // avoiding recently played factions needs the game log: not on the page
    var keptSet = new Set(kept);
    var candidates = factions.filter(function (f) { return keptSet.has(f); });
    if (candidates.length < needed)
      throw new DraftError("only {n} factions are left but the draft needs {needed}: {why}", {n: candidates.length, needed: needed, why: explain(removed, shown)});
    return {candidates: candidates, include: inc, removed: removed, put_back: [], warnings: []};
  }

  function drawPool(choice, size, rng) {
    var incSet = new Set(choice.include);
    var rest = choice.candidates.filter(function (f) { return !incSet.has(f); });
    var extra = size - choice.include.length;
    if (extra < 0 || rest.length < extra)
      throw new DraftError("only {n} factions available, the pool needs {size}", {n: choice.candidates.length, size: size});
    var pool = choice.include.concat(rng.sample(rest, extra));
    rng.shuffle(pool);
    return pool;
  }

  // ---- rules/basedeck.py
  function sourceProduct(f, factionProducts, owned, productBases) {
    var products = factionProducts.get(f) || [];
    if (!products.length) throw new DraftError("faction {faction!r} is not sold in any known product", {faction: f});
    var i;
    if (owned && owned.size) for (i = 0; i < products.length; i++) if (owned.has(products[i])) return products[i];
    if (productBases) for (i = 0; i < products.length; i++) if ((productBases.get(products[i]) || []).length) return products[i];
    return products[0];
  }

  function buildDeck(cat, factions, mode, owned) {
    if (MODES.indexOf(mode) < 0)
      throw new DraftError("unknown base-deck mode {mode!r} (choose {modes})", {mode: mode, modes: F.choices("base_mode", MODES)});
    factions = dedupe(factions);
    var sources = new Map(factions.map(function (f) { return [f, sourceProduct(f, cat.factionProducts, owned, cat.productBases)]; }));
    var baseProducts = new Map(), allBases = [];
    cat.productBases.forEach(function (bs, p) {
      bs.forEach(function (b) {
        if (!baseProducts.has(b)) baseProducts.set(b, []);
        baseProducts.get(b).push(p);
        allBases.push(b);
      });
    });
    function has(b, products) {
      return products == null || baseProducts.get(b).some(function (p) { return products.has(p); });
    }
    var chosen = new Set(sources.values()), bases, missing = [];
    if (mode === "set") bases = allBases.filter(function (b) { return has(b, chosen); });
    else if (mode === "faction") {
      var wanted = new Set(factions);
      bases = allBases.filter(function (b) {
        var bf = cat.base.has(b) ? cat.base.get(b)[1] : null;
        return bf != null && wanted.has(bf) && has(b, owned);
      });
      var tied = new Set(bases.map(function (b) { return cat.base.get(b)[1]; }));
      missing = factions.filter(function (f) { return !tied.has(f); });
    } else bases = allBases.filter(function (b) { return has(b, owned); });
    var prefer = mode === "set" ? chosen : owned;
    function box(b) {
      var ps = baseProducts.get(b);
      return ps.find(function (p) { return prefer == null || prefer.has(p); }) || ps[0];
    }
    bases = dedupe(bases);
    var needed = new Set(sources.values());
    bases.forEach(function (b) { needed.add(box(b)); });
    var known = new Set(cat.products);
    var order = cat.products.concat(Array.from(needed).filter(function (p) { return !known.has(p); }).sort());
    var boxes = order.filter(function (p) { return needed.has(p); });
    return {mode: mode, bases: bases, boxes: boxes, sources: sources, missing: missing};
  }

  var DEAL_STREAM = 1n << 64n;

  /** rules/basedeck.py's deal_random: the deal's own generator, PyRandom(|seed| + 2**64), so the bases laid out
   * depend on the seed and the deck only (the same as `smashup setup` with the drafted factions). */
  function dealRandom(seed) {
    var a = BigInt(seed);
    return new PyRandom((a < 0n ? -a : a) + DEAL_STREAM);
  }

  function deal(deck, players, rng) {
    if (!(players >= 2 && players <= 8)) throw new DraftError("a game needs 2 to 8 players, got {players}", {players: players});
    var cards = deck.slice();
    if (new Set(cards).size !== cards.length) {
      var dup = cards.find(function (b, i) { return cards.indexOf(b) !== i; });
      throw new DraftError("base {dup!r} is in the deck twice", {dup: dup});
    }
    var need = players + 1;
    if (cards.length < need)
      throw new DraftError("the base deck has {n} bases, {players} players need at least {need}", {n: cards.length, players: players, need: need});
    rng.shuffle(cards);
    return {inPlay: cards.slice(0, need), drawPile: cards.slice(need), deckSize: cards.length, short: cards.length < need + SPARE_BASES};
  }

  // ---- gamenight/session.py + options.py
  function splitList(value) {
    if (value == null) return [];
    var items = Array.isArray(value) ? value : [value];
    var out = [];
    items.forEach(function (item) { String(item).split(",").forEach(function (v) { v = v.trim(); if (v) out.push(v); }); });
    return out;
  }

  /** Owned copies per faction: the sum of owned copies of the products selling it. */
  function factionCopies(cat, owned) {
    var out = new Map();
    cat.factionProducts.forEach(function (products, f) {
      var n = products.reduce(function (s, p) { return s + (owned.get(p) || 0); }, 0);
      if (n) out.set(f, n);
    });
    return out;
  }

  /**
   * Set up a draft as `smashup draft` does (gamenight.session.setup with options.prepare's hooks).
   * ``o``: {players: [names], seed, fmt, offer, ban, include (faction ids), complexity (levels),
   * products (ids or null), pool (size or null), start (name or null), owned (Map product -> copies, or null)}.
   * Returns a session {state, rng, opts, choice, owned, seed, plain}. Throws DraftError.
   */
  function setup(cat, o) {
    var fmt = checkFormat(o.fmt == null || o.fmt === "" ? "snake" : o.fmt);
    var offer = o.offer == null ? DEFAULT_OFFER : o.offer;
    var opts = {fmt: fmt, offer: offer, ban: dedupe(o.ban || []), include: dedupe(o.include || []),
                complexity: parseComplexity(o.complexity == null || (Array.isArray(o.complexity) && !o.complexity.length) ? null : o.complexity),
                products: o.products && o.products.length ? dedupe(o.products) : null};
    var plain = fmt === "snake" && !opts.ban.length && !opts.include.length && opts.complexity == null && opts.products == null;
    var rng = new PyRandom(o.seed);
    var owned = o.owned || null;
    if (owned !== null && !owned.size) throw new DraftError("the collection is empty; add boxes with: smashup collection add PRODUCT");
    var copies = owned !== null ? factionCopies(cat, owned) : new Map();
    var candidates = cat.factions.filter(function (f) { return owned === null || copies.has(f); });
    var players = checkPlayers(o.players);
    var names = function (f) { return cat.fname(f); };
    var pool, choice = null, n = players.length;
    if (plain) pool = makePool(candidates, n, o.pool == null ? null : o.pool, rng);
    else {
      var needed = formatPoolSize(fmt, n, o.pool == null ? null : o.pool, offer);
      choice = chooseCandidates(cat.factions, needed, {
        ban: opts.ban, include: opts.include, complexity: opts.complexity, complexityOf: cat.complexityOf,
        products: opts.products, factionProducts: cat.factionProducts,
        owned: candidates.length === cat.factions.length ? null : candidates, names: names});
      pool = drawPool(choice, needed, rng);
    }
    var first;
    if (o.start == null || o.start === "") first = rng.randrange(n);
    else {
      var want = caseless(String(o.start).trim());
      first = players.findIndex(function (p) { return caseless(p) === want; });
      if (first < 0) throw new DraftError("{field} {start!r} is not one of the players: {players}", {field: field("start"), start: o.start, players: players.join(", ")}, o.start, players);
    }
    var seating = players.slice(first).concat(players.slice(0, first));
    var state = plain ? new DraftState(seating, pool, copies.size ? copies : null, names)
                      : startFormat(fmt, seating, pool, rng, copies.size ? copies : null, offer, names);
    return {state: state, rng: rng, opts: opts, choice: choice, owned: owned, seed: o.seed, plain: plain,
            printings: owned !== null && o.printings ? o.printings : null};
  }

  function mapToObject(m) { return Object.fromEntries(Array.from(m.entries())); }

  /**
   * Base deck, deal and the result object of `smashup draft --json` (same keys, same order) after
   * a finished draft. ``mode``: set, faction or all.
   */
  function finish(cat, session, mode) {
    var state = session.state, n = state.players.length;
    var drafted = state.picks.map(function (p) { return p.faction; });
    var owned = session.owned === null ? null : new Set(session.owned.keys());
    var deck = buildDeck(cat, drafted, mode || "set", owned);
    var dealt = deal(deck.bases, n, dealRandom(session.seed));
    var notes = [];  // the warnings as messages (the page shows them in its language; JSON has English)
    if (dealt.short)
      notes.push(msg("the base deck has only {n} bases; {players} players want at least {need} (players + 1 + {spare} to replace scored bases)",
                     {n: dealt.deckSize, players: n, need: n + 1 + SPARE_BASES, spare: SPARE_BASES}));
    if (deck.missing.length)
      notes.push(msg("no bases tied to: {names}", {names: deck.missing.map(function (f) { return cat.fname(f); }).join(", ")}));
    var pr = session.printings || null;
    var unknown = dealt.inPlay.filter(function (b) { return !cat.facts(b, pr).known; });
    if (unknown.length)
      notes.push(msg("breakpoint and VP unknown for: {names} (read them off the cards)", {names: unknown.map(function (b) { return cat.bname(b); }).join(", ")}));
    session.notes = notes;
    var warnings = notes.map(function (m) { return format(m.template, m.values); });
    var extra = new Set();
    deck.boxes.forEach(function (p) { (cat.extraDecks.get(p) || []).forEach(function (d) { extra.add(d); }); });
    var seed = typeof session.seed === "bigint" ? session.seed : BigInt(session.seed);
    var res = {
      seed: (seed <= BigInt(Number.MAX_SAFE_INTEGER) && seed >= -BigInt(Number.MAX_SAFE_INTEGER)) ? Number(seed) : String(seed),
      pool: state.pool.slice(), start_player: state.players[0],
      picks: state.picks.map(function (p) { return {round: p.round, player: p.player, faction: p.faction}; }),
      players: mapToObject(state.holdings()), base_mode: deck.mode, base_deck: deck.bases.slice(),
      bases_in_play: dealt.inPlay, boxes: deck.boxes, extra_decks: Array.from(extra).sort(),
      sources: mapToObject(deck.sources), warnings: warnings, printing: null,
      bases_in_play_stats: dealt.inPlay.map(function (b) {
        var r = cat.base.get(b), f = cat.facts(b, pr);
        return {id: b, printing: f.printing, breakpoint: f.breakpoint, vp: f.vp, scoring: r[6]};
      }),
      format: session.opts.fmt
    };
    res.setup = setupSheet(cat, drafted, n, res, state.holdings(), pr);
    if (!session.plain) {
      var o = session.opts;
      res.options = {format: o.fmt, offer: o.offer, ban: o.ban.slice(), include: o.include.slice(),
                     complexity: o.complexity ? Array.from(o.complexity).sort() : null,
                     products: o.products ? o.products.slice() : null, avoid_recent: 0};
      var c = session.choice;
      var key = cat.raw.o || {};  // the JSON's keys of the filters, as smashup draft --json writes them (play.py)
      res.pool_control = {candidates: c.candidates.length, include: c.include.slice(),
                          removed: Object.fromEntries(Array.from(c.removed.entries()).map(function (e) { return [key[e[0]] || e[0], e[1]]; })),
                          put_back: [], warnings: []};
      res.warnings = c.warnings.concat(res.warnings);
      if (state.offers) res.offers = mapToObject(state.offers);
    }
    return res;
  }

  /** One whole draft: set up, scripted ``picks`` (faction ids, in order), random picks when ``auto``; null result if unfinished. */
  function run(cat, o) {
    var session = setup(cat, o);
    (o.picks || []).forEach(function (f) { session.state.pick(f); });
    if (!session.state.done() && o.auto) session.state.autoFinish(session.rng);
    return {session: session, result: session.state.done() ? finish(cat, session, o.base_mode || "set") : null};
  }

  // ---- gamenight/setup_sheet.py
  /** ``{"id", "name", "name_lang", "name_en"}`` as the read model's ``named`` gives it. */
  Catalogue.prototype.named = function (kind, ref) {
    var key = {faction: "f", product: "p", base: "b", component: "c"}[kind];
    var name = kind === "faction" ? this.fname(ref) : kind === "product" ? this.pname(ref) : kind === "base" ? this.bname(ref)
             : (this.component.has(ref) ? this.component.get(ref)[1] : ref);
    var other = ((this.raw.n || {})[key] || {})[ref];  // [name_lang, name_en], or name_lang alone (name_en is name)
    if (typeof other === "string") other = [other, name];
    return {id: ref, name: name, name_lang: other ? other[0] : this.lang, name_en: other ? other[1] : name};
  };

  /**
   * The set-up sheet of a drafted table, as smashup_db.gamenight.setup_sheet.build makes it (no titans, the
   * printing the page knows: current): factions by player and box, bases, special decks, boxes to take out.
   */
  function setupSheet(cat, factions, nPlayers, res, holders, printings) {
    var boxesUsed = res.boxes, sources = res.sources || {}, order = new Map(), ownerOf = new Map();
    if (holders) holders.forEach(function (fs, p) { fs.forEach(function (f) { ownerOf.set(f, p); }); });
    function box(pid) {
      var pr = printings && Object.prototype.hasOwnProperty.call(printings, pid) && printings[pid] || "current";
      if (!order.has(pid)) order.set(pid, {product: cat.named("product", pid), printing: pr,
                                           factions: [], bases: [], in_play: [], titans: [], decks: []});
      return order.get(pid);
    }
    function factionBox(f) {
      var products = cat.factionProducts.get(f) || [];
      return sources[f] || products.find(function (p) { return boxesUsed.indexOf(p) >= 0; }) || products[0];
    }
    function baseBox(b) {
      var held = (cat.raw.h || {})[b] || [cat.base.get(b)[7]];
      return held.find(function (p) { return boxesUsed.indexOf(p) >= 0; }) || cat.base.get(b)[7];
    }
    var rows = factions.map(function (f) {
      var pid = factionBox(f);
      box(pid).factions.push(f);
      var row = cat.named("faction", f);
      row.player = ownerOf.has(f) ? ownerOf.get(f) : null;
      row.box = cat.named("product", pid);
      return row;
    });
    res.base_deck.forEach(function (b) { box(baseBox(b)).bases.push(b); });
    var inPlay = res.bases_in_play.map(function (b) {
      var pid = baseBox(b), f = cat.facts(b, printings || null), row = cat.named("base", b);
      box(pid).in_play.push(b);
      row.breakpoint = f.breakpoint; row.vp = f.vp; row.scoring = cat.base.get(b)[6];
      row.printing = f.printing; row.box = cat.named("product", pid);
      return row;
    });
    var decks = [];
    (cat.raw.c || []).forEach(function (c) {
      for (var i = 0; i < factions.length; i++) {
        var pid = (cat.factionProducts.get(factions[i]) || []).find(function (p) { return c[4].indexOf(p) >= 0; });
        if (pid) {
          box(pid).decks.push(c[0]);
          var row = cat.named("component", c[0]);
          row.kind = c[2]; row.count = c[3]; row.box = cat.named("product", pid);
          decks.push(row);
          break;
        }
      }
    });
    order.forEach(function (b) {
      var all = cat.productBases.get(b.product.id) || [];
      b.all_bases = b.bases.length > 0 && all.every(function (x) { return b.bases.indexOf(x) >= 0; });
    });
    var rank = new Map(cat.products.map(function (p, i) { return [p, i]; }));
    return {players: nPlayers, seating: holders ? Array.from(holders.keys()) : null, base_mode: res.base_mode,
            printing: null, factions: rows, bases: {deck: res.base_deck.length, in_play: inPlay}, titans: null,
            decks: decks, vp_tokens: {goal: cat.raw.w || 15},
            boxes: Array.from(order.values()).sort(function (a, b) { return rank.get(a.product.id) - rank.get(b.product.id); })};
  }

  // ---- the URL contract
  function resolveIds(cat, kind, items) {
    var ids = kind === "faction" ? cat.factions : cat.products;
    var nameOf = kind === "faction" ? cat.factionName : cat.productName;
    return items.map(function (item) {
      if (ids.indexOf(item) >= 0) return item;
      var low = item.toLowerCase();
      var hit = ids.filter(function (id) { return String(nameOf.get(id) || "").toLowerCase() === low; });
      if (hit.length === 1) return hit[0];
      throw new DraftError(kind === "faction" ? "faction {name} not found" : "product {name} not found", {name: item});
    });
  }

  var MAX_WHOLE = Number.MAX_SAFE_INTEGER, MAX_COPIES = 99;
  /** rules/numbers.py whole(): ASCII digits, optional -, |n| <= 2**53 - 1; its messages. */
  function wholeNumber(v, what) {
    var t = String(v).replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "");
    if (!/^-?[0-9]+$/.test(t)) throw new DraftError("{field} must be a whole number, got {value!r}", {field: field(what), value: String(v)}, v);
    if (t.replace(/^-0*/, "").replace(/^0+/, "").length > 16 || Math.abs(Number(t)) > MAX_WHOLE)
      throw new DraftError("{field} is too large: whole numbers go up to {max}", {field: field(what), max: MAX_WHOLE}, v);
    return Number(t);
  }
  function intParam(v, what) {
    if (v == null || v === "") return null;
    return wholeNumber(v, what);
  }

  /* smashup_db.i18n.glossary.OPTION_VALUES (as catalogue/option_values.py reads it): a value typed in
   * English or German -> the rules' value, keyed by common/text.py name_key (tests/site/test_play_option_values.py
   * checks that this table is that one and optionKey that key); other values are kept for the rules to refuse. */
  var OPTION_VALUES = {
    complexity: {low: "low", niedrig: "low", medium: "medium", mittel: "medium", high: "high", hoch: "high"},
    base_mode: {set: "set", erweiterung: "set", faction: "faction", fraktion: "faction", all: "all", alle: "all"},
    format: {snake: "snake", schlange: "snake", random: "random", zufallig: "random", offer: "offer", angebot: "offer",
      pickonerandom: "pick-one-random", einezufalligeinegewahlt: "pick-one-random"}
  };
  function optionKey(v) {
    return String(v).replace(/[\u00df\u1e9e]/g, "ss").normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "").replace(/([aou])e/g, "$1");
  }
  function optionValue(kind, v) {
    if (v == null || v === "") return v;
    var k = optionKey(v);
    return Object.prototype.hasOwnProperty.call(OPTION_VALUES[kind], k) ? OPTION_VALUES[kind][k] : v;
  }

  /** Draft options from the page's query (docs/play.md, the URL contract); get(name): value or null. Throws DraftError. */
  function optionsFromQuery(cat, get) {
    var seed = intParam(get("seed"), "seed");
    var owned = null, printings = null, ownedItems = splitList(get("owned"));
    if (ownedItems.length) {
      owned = new Map();
      ownedItems.forEach(function (item) {  // id, id:2, id:german, id:2:german
        var m = /^(.*?)(?::(\d+))?(?::(original|current|german))?$/.exec(item), id = resolveIds(cat, "product", [m[1].trim()])[0];
        var n = m[2] ? wholeNumber(m[2], "copies") : 1;
        if (!(n >= 1 && n <= MAX_COPIES))  // collection.py MAX_COPIES
          throw new DraftError("{field} must be a whole number from 1 to {max_copies}, not {copies}", {field: field("copies"), max_copies: MAX_COPIES, copies: n}, n);
        owned.set(id, (owned.get(id) || 0) + n);
        if (m[3]) { printings = printings || Object.create(null); printings[id] = m[3]; }
      });
    }
    var products = splitList(get("products"));
    return {
      players: splitList(get("players")), seed: seed, auto: /^(1|true|yes|on)$/i.test(get("auto") || ""),
      fmt: (optionValue("format", get("format")) || "snake"), offer: intParam(get("offer"), "offer"),
      ban: resolveIds(cat, "faction", splitList(get("ban"))), include: resolveIds(cat, "faction", splitList(get("include"))),
      complexity: splitList(get("complexity")).length ? splitList(get("complexity")).map(function (c) { return optionValue("complexity", c); }) : null,
      products: products.length ? resolveIds(cat, "product", products) : null,
      pool: intParam(get("pool"), "pool"), start: get("start") || null, owned: owned, printings: printings,
      base_mode: optionValue("base_mode", get("base_mode")) || "set",  // as --mode (option_values.py)
      picks: resolveIds(cat, "faction", splitList(get("picks")))
    };
  }

  /** Python's shlex.quote: one word of a POSIX shell line. */
  function shellQuote(v) {
    v = String(v);
    return /^[\w@%+=:,./-]+$/.test(v) ? v : "'" + v.replace(/'/g, "'\"'\"'") + "'";
  }

  /** The query string that replays ``o`` (the share link), keys in a fixed order; empty values left out. */
  function queryFromOptions(o) {
    var parts = [];
    function add(k, v) { if (v != null && v !== "" && !(Array.isArray(v) && !v.length)) parts.push(k + "=" + encodeURIComponent(Array.isArray(v) ? v.join(",") : String(v))); }
    add("players", o.players);
    add("seed", o.seed == null ? null : String(o.seed));
    if (o.fmt && o.fmt !== "snake") add("format", o.fmt);
    if (o.offer != null && o.fmt === "offer") add("offer", o.offer);
    add("ban", o.ban); add("include", o.include); add("complexity", o.complexity); add("products", o.products);
    add("pool", o.pool); add("start", o.start);
    if (o.owned) add("owned", Array.from(o.owned.entries()).map(function (e) {
      var pr = o.printings && Object.prototype.hasOwnProperty.call(o.printings, e[0]) ? o.printings[e[0]] : null;
      return (e[1] > 1 ? e[0] + ":" + e[1] : e[0]) + (pr ? ":" + pr : "");
    }));
    if (o.base_mode && o.base_mode !== "set") add("base_mode", o.base_mode);
    add("picks", o.picks);
    if (o.auto) add("auto", "1");
    return parts.join("&");
  }

  return {PyRandom: PyRandom, DraftError: DraftError, DraftState: DraftState, Catalogue: Catalogue,
          optionsFromQuery: optionsFromQuery, optionKey: optionKey, OPTION_VALUES: OPTION_VALUES, shellQuote: shellQuote, setupSheet: setupSheet, queryFromOptions: queryFromOptions,
          format: format, splitList: splitList, setup: setup, finish: finish, run: run, snakeOrder: snakeOrder,
          buildDeck: buildDeck, deal: deal, dealRandom: dealRandom, chooseCandidates: chooseCandidates, drawPool: drawPool,
          wholeNumber: wholeNumber, FORMATS: FORMATS, MODES: MODES, COMPLEXITY_LEVELS: COMPLEXITY_LEVELS, DEFAULT_OFFER: DEFAULT_OFFER};
});

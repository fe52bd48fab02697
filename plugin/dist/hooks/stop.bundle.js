#!/usr/bin/env node
const __homunculus_import_meta_url = require('node:url').pathToFileURL(__filename).href;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key2 of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key2) && key2 !== except)
        __defProp(to, key2, { get: () => from[key2], enumerable: !(desc = __getOwnPropDesc(from, key2)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports2) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === ALIAS;
    var isDocument = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === DOC;
    var isMap = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === MAP;
    var isPair = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === PAIR;
    var isScalar = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SCALAR;
    var isSeq2 = (node) => !!node && typeof node === "object" && node[NODE_TYPE] === SEQ;
    function isCollection(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node) {
      if (node && typeof node === "object")
        switch (node[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;
    exports2.ALIAS = ALIAS;
    exports2.DOC = DOC;
    exports2.MAP = MAP;
    exports2.NODE_TYPE = NODE_TYPE;
    exports2.PAIR = PAIR;
    exports2.SCALAR = SCALAR;
    exports2.SEQ = SEQ;
    exports2.hasAnchor = hasAnchor;
    exports2.isAlias = isAlias;
    exports2.isCollection = isCollection;
    exports2.isDocument = isDocument;
    exports2.isMap = isMap;
    exports2.isNode = isNode;
    exports2.isPair = isPair;
    exports2.isScalar = isScalar;
    exports2.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        visit_(null, node, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key2, node, visitor, path) {
      const ctrl = callVisitor(key2, node, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key2, path, ctrl);
        return visit_(key2, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = visit_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = visit_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = visit_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity2.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
          node.contents = null;
      } else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key2, node, visitor, path) {
      const ctrl = await callVisitor(key2, node, visitor, path);
      if (identity2.isNode(ctrl) || identity2.isPair(ctrl)) {
        replaceNode(key2, path, ctrl);
        return visitAsync_(key2, ctrl, visitor, path);
      }
      if (typeof ctrl !== "symbol") {
        if (identity2.isCollection(node)) {
          path = Object.freeze(path.concat(node));
          for (let i = 0; i < node.items.length; ++i) {
            const ci = await visitAsync_(i, node.items[i], visitor, path);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity2.isPair(node)) {
          path = Object.freeze(path.concat(node));
          const ck = await visitAsync_("key", node.key, visitor, path);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node.key = null;
          const cv = await visitAsync_("value", node.value, visitor, path);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key2, node, visitor, path) {
      if (typeof visitor === "function")
        return visitor(key2, node, path);
      if (identity2.isMap(node))
        return visitor.Map?.(key2, node, path);
      if (identity2.isSeq(node))
        return visitor.Seq?.(key2, node, path);
      if (identity2.isPair(node))
        return visitor.Pair?.(key2, node, path);
      if (identity2.isScalar(node))
        return visitor.Scalar?.(key2, node, path);
      if (identity2.isAlias(node))
        return visitor.Alias?.(key2, node, path);
      return void 0;
    }
    function replaceNode(key2, path, node) {
      const parent = path[path.length - 1];
      if (identity2.isCollection(parent)) {
        parent.items[key2] = node;
      } else if (identity2.isPair(parent)) {
        if (key2 === "key")
          parent.key = node;
        else
          parent.value = node;
      } else if (identity2.isDocument(parent)) {
        parent.contents = node;
      } else {
        const pt = identity2.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports2.visit = visit;
    exports2.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version] = parts;
            if (version === "1.1" || version === "1.2") {
              this.yaml.version = version;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version);
              onError(6, `Unsupported YAML version ${version}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error) {
            onError(String(error));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity2.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node) => {
            if (identity2.isNode(node) && node.tag)
              tags[node.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports2.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node) {
          if (node.anchor)
            anchors.add(node.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor);
          return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity2.isScalar(ref.node) || identity2.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error = new Error("Failed to resolve repeated object (this should not happen)");
              error.source = source;
              throw error;
            }
          }
        },
        sourceObjects
      };
    }
    exports2.anchorIsValid = anchorIsValid;
    exports2.anchorNames = anchorNames;
    exports2.createNodeAnchors = createNodeAnchors;
    exports2.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports2) {
    "use strict";
    function applyReviver(reviver, obj, key2, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key2, val);
    }
    exports2.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity2.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports2.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports2) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity2 = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity2.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports2.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports2) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity2.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node) => {
              if (identity2.isAlias(node) || identity2.hasAnchor(node))
                nodes.push(node);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node of nodes) {
          if (node === this)
            break;
          if (node.anchor === this.source)
            found = node;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node, anchors2) {
      if (identity2.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors2 && source && anchors2.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
      } else if (identity2.isCollection(node)) {
        let count2 = 0;
        for (const item of node.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count2)
            count2 = c;
        }
        return count2;
      } else if (identity2.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors2);
        const vc = getAliasCount(doc, node.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports2.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity2.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports2.Scalar = Scalar;
    exports2.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity2.isDocument(value))
        value = value.contents;
      if (identity2.isNode(value))
        return value;
      if (identity2.isPair(value)) {
        const map = ctx.schema[identity2.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node2 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node2;
          return node2;
        }
        tagObj = value instanceof Map ? schema[identity2.MAP] : Symbol.iterator in Object(value) ? schema[identity2.SEQ] : schema[identity2.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node.tag = tagName;
      else if (!tagObj.default)
        node.tag = tagObj.tag;
      if (ref)
        ref.node = node;
      return node;
    }
    exports2.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports2) {
    "use strict";
    var createNode = require_createNode();
    var identity2 = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path, value) {
      let v = value;
      for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path) => path == null || typeof path === "object" && !!path[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity2.isNode(it) || identity2.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path, value) {
        if (isEmptyPath(path))
          this.add(value);
        else {
          const [key2, ...rest] = path;
          const node = this.get(key2, true);
          if (identity2.isCollection(node))
            node.addIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key2, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        const [key2, ...rest] = path;
        if (rest.length === 0)
          return this.delete(key2);
        const node = this.get(key2, true);
        if (identity2.isCollection(node))
          return node.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        const [key2, ...rest] = path;
        const node = this.get(key2, true);
        if (rest.length === 0)
          return !keepScalar && identity2.isScalar(node) ? node.value : node;
        else
          return identity2.isCollection(node) ? node.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node) => {
          if (!identity2.isPair(node))
            return false;
          const n = node.value;
          return n == null || allowScalar && identity2.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path) {
        const [key2, ...rest] = path;
        if (rest.length === 0)
          return this.has(key2);
        const node = this.get(key2, true);
        return identity2.isCollection(node) ? node.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        const [key2, ...rest] = path;
        if (rest.length === 0) {
          this.set(key2, value);
        } else {
          const node = this.get(key2, true);
          if (identity2.isCollection(node))
            node.setIn(rest, value);
          else if (node === void 0 && this.schema)
            this.set(key2, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key2}. Remaining path: ${rest}`);
        }
      }
    };
    exports2.Collection = Collection;
    exports2.collectionFromPath = collectionFromPath;
    exports2.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports2) {
    "use strict";
    var stringifyComment = (str2) => str2.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str2, indent, comment) => str2.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str2.endsWith(" ") ? "" : " ") + comment;
    exports2.indentComment = indentComment;
    exports2.lineComment = lineComment;
    exports2.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports2) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports2.FOLD_BLOCK = FOLD_BLOCK;
    exports2.FOLD_FLOW = FOLD_FLOW;
    exports2.FOLD_QUOTED = FOLD_QUOTED;
    exports2.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str2) => /^(%|---|\.\.\.)/m.test(str2);
    function lineLengthOverLimit(str2, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str2.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str2[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str2 = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str2 += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str2 += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str2 += "\\0";
                    break;
                  case "0007":
                    str2 += "\\a";
                    break;
                  case "000b":
                    str2 += "\\v";
                    break;
                  case "001b":
                    str2 += "\\e";
                    break;
                  case "0085":
                    str2 += "\\N";
                    break;
                  case "00a0":
                    str2 += "\\_";
                    break;
                  case "2028":
                    str2 += "\\L";
                    break;
                  case "2029":
                    str2 += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str2 += "\\x" + code.substr(2);
                    else
                      str2 += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str2 += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str2 += "\n";
                  i += 2;
                }
                str2 += indent;
                if (json[i + 2] === " ")
                  str2 += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str2 = start ? str2 + json.slice(start) : json;
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header2 = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header2 += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header2}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header2}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str2 = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str2);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str2 : foldFlowLines.foldFlowLines(str2, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports2.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports2) {
    "use strict";
    var anchors = require_anchors();
    var identity2 = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity2.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor = (identity2.isScalar(node) || identity2.isCollection(node)) && node.anchor;
      if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
      }
      const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity2.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity2.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node = identity2.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
      const props = stringifyProps(node, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str2 = typeof tagObj.stringify === "function" ? tagObj.stringify(node, ctx, onComment, onChompKeep) : identity2.isScalar(node) ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep) : node.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str2;
      return identity2.isScalar(node) || str2[0] === "{" || str2[0] === "[" ? `${props} ${str2}` : `${props}
${ctx.indent}${str2}`;
    }
    exports2.createStringifyContext = createStringifyContext;
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key: key2, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity2.isNode(key2) && key2.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity2.isCollection(key2) || !identity2.isNode(key2) && typeof key2 === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key2 || keyComment && value == null && !ctx.inFlow || identity2.isCollection(key2) || (identity2.isScalar(key2) ? key2.type === Scalar.Scalar.BLOCK_FOLDED || key2.type === Scalar.Scalar.BLOCK_LITERAL : typeof key2 === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str2 = stringify.stringify(key2, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str2.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str2 === "" ? "?" : explicitKey ? `? ${str2}` : str2;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str2 = `? ${str2}`;
        if (keyComment && !keyCommentDone) {
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str2;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
        str2 = `? ${str2}
${indent}:`;
      } else {
        str2 = `${str2}:`;
        if (keyComment)
          str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity2.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity2.isScalar(value))
        ctx.indentAtStart = str2.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity2.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity2.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str2 += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str2 += stringifyComment.lineComment(str2, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str2;
    }
    exports2.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports2) {
    "use strict";
    var node_process = require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports2.debug = debug;
    exports2.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key2) => (merge.identify(key2) || identity2.isScalar(key2) && (!key2.type || key2.type === Scalar.Scalar.PLAIN) && merge.identify(key2.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity2.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity2.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key2, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key2))
            map.set(key2, value2);
        } else if (map instanceof Set) {
          map.add(key2);
        } else if (!Object.prototype.hasOwnProperty.call(map, key2)) {
          Object.defineProperty(map, key2, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity2.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports2.addMergeToJSMap = addMergeToJSMap;
    exports2.isMergeKey = isMergeKey;
    exports2.merge = merge;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports2) {
    "use strict";
    var log = require_log();
    var merge = require_merge();
    var stringify = require_stringify();
    var identity2 = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key: key2, value }) {
      if (identity2.isNode(key2) && key2.addToJSMap)
        key2.addToJSMap(ctx, map, value);
      else if (merge.isMergeKey(ctx, key2))
        merge.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key2, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key2, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key2, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity2.isNode(key2) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node of ctx.anchors.keys())
          strCtx.anchors.add(node.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key2.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports2.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports2) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity2 = require_identity();
    function createPair(key2, value, ctx) {
      const k = createNode.createNode(key2, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key2, value = null) {
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.PAIR });
        this.key = key2;
        this.value = value;
      }
      clone(schema) {
        let { key: key2, value } = this;
        if (identity2.isNode(key2))
          key2 = key2.clone(schema);
        if (identity2.isNode(value))
          value = value.clone(schema);
        return new _Pair(key2, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports2.Pair = Pair;
    exports2.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity2.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str3 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str3 += stringifyComment.lineComment(str3, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str3);
      }
      let str2;
      if (lines.length === 0) {
        str2 = flowChars.start + flowChars.end;
      } else {
        str2 = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str2 += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str2 += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str2;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity2.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity2.isPair(item)) {
          const ik = identity2.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity2.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str2 = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str2.includes("\n"));
        if (i < items.length - 1) {
          str2 += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) + (str2.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str2 += ",";
          }
        }
        if (comment)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment));
        lines.push(str2);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str2 = start;
          for (const line of lines)
            str2 += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str2}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports2.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports2) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key2) {
      const k = identity2.isScalar(key2) ? key2.value : key2;
      for (const it of items) {
        if (identity2.isPair(it)) {
          if (it.key === key2 || it.key === k)
            return it;
          if (identity2.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity2.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key2, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key2, value);
          else if (Array.isArray(replacer) && !replacer.includes(key2))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key2, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key2, value] of obj)
            add(key2, value);
        } else if (obj && typeof obj === "object") {
          for (const key2 of Object.keys(obj))
            add(key2, obj[key2]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity2.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity2.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key2) {
        const it = findPair(this.items, key2);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key2, keepScalar) {
        const it = findPair(this.items, key2);
        const node = it?.value;
        return (!keepScalar && identity2.isScalar(node) ? node.value : node) ?? void 0;
      }
      has(key2) {
        return !!findPair(this.items, key2);
      }
      set(key2, value) {
        this.add(new Pair.Pair(key2, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity2.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports2.YAMLMap = YAMLMap;
    exports2.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity2.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports2.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports2) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity2.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key2) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key2, keepScalar) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity2.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key2) {
        const idx = asItemIndex(key2);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key2, value) {
        const idx = asItemIndex(key2);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key2}.`);
        const prev = this.items[idx];
        if (identity2.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key2 = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key2, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key2) {
      let idx = identity2.isScalar(key2) ? key2.value : key2;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports2.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity2.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports2.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports2) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str2) => str2,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports2.string = string;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports2.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str2) => new Scalar.Scalar(str2[0] === "t" || str2[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports2.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports2) {
    "use strict";
    function stringifyNumber({ format, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num3 = typeof value === "number" ? value : Number(value);
      if (!isFinite(num3))
        return isNaN(num3) ? ".nan" : num3 < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports2.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2),
      stringify(node) {
        const num3 = Number(node.value);
        return isFinite(num3) ? num3.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2));
        const dot = str2.indexOf(".");
        if (dot !== -1 && str2[str2.length - 1] === "0")
          node.minFractionDigits = str2.length - dot - 1;
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports2.float = float;
    exports2.floatExp = floatExp;
    exports2.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str2, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2.substring(offset), radix);
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 8, opt),
      stringify: (node) => intStringify(node, 8, "0o")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports2.int = int;
    exports2.intHex = intHex;
    exports2.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.boolTag,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str2) => str2,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str2) => str2 === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str2, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str2) : parseInt(str2, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str2) => parseFloat(str2),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str2, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str2)}`);
        return str2;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports2) {
    "use strict";
    var node_buffer = require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str2 = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str2.length);
          for (let i = 0; i < str2.length; ++i)
            buffer[i] = str2.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str2;
        if (typeof node_buffer.Buffer === "function") {
          str2 = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str2 = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str2.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str2.substr(o, lineWidth);
          }
          str2 = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str2 }, ctx, onComment, onChompKeep);
      }
    };
    exports2.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity2.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity2.isPair(item))
            continue;
          else if (identity2.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity2.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key2, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key2 = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key2 = keys[0];
              value = it[key2];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key2 = it;
          }
          pairs2.items.push(Pair.createPair(key2, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports2.createPairs = createPairs;
    exports2.pairs = pairs;
    exports2.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key2, value;
          if (identity2.isPair(pair)) {
            key2 = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key2, ctx);
          } else {
            key2 = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key2))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key2, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key: key2 } of pairs$1.items) {
          if (identity2.isScalar(key2)) {
            if (seenKeys.includes(key2.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key2.value}`);
            } else {
              seenKeys.push(key2.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports2.YAMLOMap = YAMLOMap;
    exports2.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports2.falseTag = falseTag;
    exports2.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str2) => str2.slice(-3).toLowerCase() === "nan" ? NaN : str2[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str2) => parseFloat(str2.replace(/_/g, "")),
      stringify(node) {
        const num3 = Number(node.value);
        return isFinite(num3) ? num3.toExponential() : stringifyNumber.stringifyNumber(node);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str2) {
        const node = new Scalar.Scalar(parseFloat(str2.replace(/_/g, "")));
        const dot = str2.indexOf(".");
        if (dot !== -1) {
          const f = str2.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node.minFractionDigits = f.length;
        }
        return node;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports2.float = float;
    exports2.floatExp = floatExp;
    exports2.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str2, offset, radix, { intAsBigInt }) {
      const sign = str2[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str2 = str2.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str2 = `0b${str2}`;
            break;
          case 8:
            str2 = `0o${str2}`;
            break;
          case 16:
            str2 = `0x${str2}`;
            break;
        }
        const n2 = BigInt(str2);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str2, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node, radix, prefix) {
      const { value } = node;
      if (intIdentify(value)) {
        const str2 = value.toString(radix);
        return value < 0 ? "-" + prefix + str2.substr(1) : prefix + str2;
      }
      return stringifyNumber.stringifyNumber(node);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 2, opt),
      stringify: (node) => intStringify(node, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 1, 8, opt),
      stringify: (node) => intStringify(node, 8, "0")
    };
    var int = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str2, _onError, opt) => intResolve(str2, 2, 16, opt),
      stringify: (node) => intStringify(node, 16, "0x")
    };
    exports2.int = int;
    exports2.intBin = intBin;
    exports2.intHex = intHex;
    exports2.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key2) {
        let pair;
        if (identity2.isPair(key2))
          pair = key2;
        else if (key2 && typeof key2 === "object" && "key" in key2 && "value" in key2 && key2.value === null)
          pair = new Pair.Pair(key2.key, null);
        else
          pair = new Pair.Pair(key2, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key2, keepPair) {
        const pair = YAMLMap.findPair(this.items, key2);
        return !keepPair && identity2.isPair(pair) ? identity2.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key2, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key2);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key2));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity2.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports2.YAMLSet = YAMLSet;
    exports2.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports2) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str2, asBigInt) {
      const sign = str2[0];
      const parts = sign === "-" || sign === "+" ? str2.substring(1) : str2;
      const num3 = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num3(60) + num3(p), num3(0));
      return sign === "-" ? num3(-1) * res : res;
    }
    function stringifySexagesimal(node) {
      let { value } = node;
      let num3 = (n) => n;
      if (typeof value === "bigint")
        num3 = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num3(-1);
      }
      const _60 = num3(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str2, _onError, { intAsBigInt }) => parseSexagesimal(str2, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str2) => parseSexagesimal(str2, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str2) {
        const match = str2.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date -= 6e4 * d;
        }
        return new Date(date);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports2.floatTime = floatTime;
    exports2.intTime = intTime;
    exports2.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int = require_int2();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string.string,
      _null.nullTag,
      bool.trueTag,
      bool.falseTag,
      int.intBin,
      int.intOct,
      int.int,
      int.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports2.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports2) {
    "use strict";
    var map = require_map();
    var _null = require_null();
    var seq = require_seq();
    var string = require_string();
    var bool = require_bool();
    var float = require_float();
    var int = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int.int,
      intHex: int.intHex,
      intOct: int.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge.merge,
      null: _null.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge) ? schemaTags.concat(merge.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key2) => key2 !== "yaml11").map((key2) => JSON.stringify(key2)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key2) => JSON.stringify(key2)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports2.coreKnownTags = coreKnownTags;
    exports2.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity2.MAP, { value: map.map });
        Object.defineProperty(this, identity2.SCALAR, { value: string.string });
        Object.defineProperty(this, identity2.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports2.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity2.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports2.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document2 = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity2.NODE_TYPE, { value: identity2.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity2.NODE_TYPE]: { value: identity2.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity2.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node, name) {
        if (!node.anchor) {
          const prev = anchors.anchorNames(this);
          node.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity2.isCollection(node))
          node.flow = true;
        setAnchors();
        return node;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key2, value, options = {}) {
        const k = this.createNode(key2, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key2) {
        return assertCollection(this.contents) ? this.contents.delete(key2) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key2, keepScalar) {
        return identity2.isCollection(this.contents) ? this.contents.get(key2, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
          return !keepScalar && identity2.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity2.isCollection(this.contents) ? this.contents.getIn(path, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key2) {
        return identity2.isCollection(this.contents) ? this.contents.has(key2) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path) {
        if (Collection.isEmptyPath(path))
          return this.contents !== void 0;
        return identity2.isCollection(this.contents) ? this.contents.hasIn(path) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key2, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key2], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key2, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version, options = {}) {
        if (typeof version === "number")
          version = String(version);
        let opt;
        switch (version) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version;
            else
              this.directives = new directives.Directives({ version });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity2.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports2.Document = Document2;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports2) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError = (src, lc) => (error) => {
      if (error.pos[0] === -1)
        return;
      error.linePos = error.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error.linePos[0];
      error.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "\u2026" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "\u2026";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "\u2026\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count2 = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
          count2 = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count2);
        error.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports2.YAMLError = YAMLError;
    exports2.YAMLParseError = YAMLParseError;
    exports2.YAMLWarning = YAMLWarning;
    exports2.prettifyError = prettifyError;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports2) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports2.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports2) {
    "use strict";
    function containsNewline(key2) {
      if (!key2)
        return null;
      switch (key2.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key2.source.includes("\n"))
            return true;
          if (key2.end) {
            for (const st of key2.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key2.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports2.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports2) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports2.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity2.isScalar(a) && identity2.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports2.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports2) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key: key2, sep: sep4, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key2 ?? sep4?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key2) {
            if (key2.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key2 && key2.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep4) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key2)) {
            onError(key2 ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key2 ? composeNode(ctx, key2, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key2, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep4 ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key2 || key2.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep4, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports2.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports2) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports2.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports2) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep4 = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep4 + cb;
              sep4 = "";
              break;
            }
            case "newline":
              if (comment)
                sep4 += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports2.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap = fc.start.source === "{";
      const fcName = isMap ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key: key2, sep: sep4, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key2 ?? sep4?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep4 && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key2))
            onError(
              key2,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity2.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap && !sep4 && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep4, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key2 ? composeNode(ctx, key2, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key2))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep4 ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap && !props.found && ctx.options.strict) {
              if (sep4)
                for (const st of sep4) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep4, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports2.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken ? anchor.offset > tagToken.offset ? anchor : tagToken : anchor ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node = identity2.isNode(res) ? res : new Scalar.Scalar(res);
      node.range = coll.range;
      node.tag = tagName;
      if (tag?.format)
        node.format = tag.format;
      return node;
    }
    exports2.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header2 = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header2)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header2.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header2.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header2.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header2.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header2.indent;
      let offset = scalar.offset + header2.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header2.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header2.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep4 = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header2.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep4 === " ")
            sep4 = "\n";
          else if (!prevMoreIndented && sep4 === "\n")
            sep4 = "\n\n";
          value += sep4 + indent.slice(trimIndent) + content;
          sep4 = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep4 === "\n")
            value += "\n";
          else
            sep4 = "\n";
        } else {
          value += sep4 + content;
          sep4 = " ";
          prevMoreIndented = false;
        }
      }
      switch (header2.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header2.length + scalar.source.length;
      return { value, type, comment: header2.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error === -1)
            error = offset + i;
        }
      }
      if (error !== -1)
        onError(error, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports2.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports2) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel2, code, msg) => onError(offset + rel2, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep4 = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep4 === "\n")
            res += sep4;
          else
            sep4 = "\n";
        } else {
          res += sep4 + lm;
          sep4 = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep4 + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "\x85",
      // Unicode next line
      _: "\xA0",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports2.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports2) {
    "use strict";
    var identity2 = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity2.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity2.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity2.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity2.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity2.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity2.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity2.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports2.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports2) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports2.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports2) {
    "use strict";
    var Alias = require_Alias();
    var identity2 = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor, tag } = props;
      let node;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node = composeAlias(ctx, token, onError);
          if (anchor || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor)
            node.anchor = anchor.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor)
              node.anchor = anchor.source.substring(1);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node ?? (node = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor && node.anchor === "")
        onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity2.isScalar(node) || typeof node.value !== "string" || node.tag && node.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node.comment = comment;
        else
          node.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
      return node;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === "")
          onError(anchor, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node.spaceBefore = true;
      if (comment) {
        node.comment = comment;
        node.range[2] = end;
      }
      return node;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports2.composeEmptyNode = composeEmptyNode;
    exports2.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports2) {
    "use strict";
    var Document2 = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document2.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports2.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports2) {
    "use strict";
    var node_process = require("process");
    var directives = require_directives();
    var Document2 = require_Document();
    var errors = require_errors();
    var identity2 = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity2.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity2.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error);
            else
              this.doc.errors.push(error);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document2.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports2.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports2) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header2 = token.props[0];
            if (header2.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header2.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header2 = token.props[0];
        if (header2.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header2.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key2 of Object.keys(token))
          if (key2 !== "type" && key2 !== "offset")
            delete token[key2];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key2 of Object.keys(token))
            if (key2 !== "type" && key2 !== "offset")
              delete token[key2];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports2.createScalarToken = createScalarToken;
    exports2.resolveAsScalar = resolveAsScalar;
    exports2.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports2) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key: key2, sep: sep4, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key2)
        res += stringifyToken(key2);
      if (sep4)
        for (const st of sep4)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports2) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path) => {
      let item = cst;
      for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path) => {
      const parent = visit.itemAtPath(cst, path.slice(0, -1));
      const field = path[path.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path, item, visitor) {
      let ctrl = visitor(item, path);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path) : ctrl;
    }
    exports2.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports2) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports2.createScalarToken = cstScalar.createScalarToken;
    exports2.resolveAsScalar = cstScalar.resolveAsScalar;
    exports2.setScalarValue = cstScalar.setScalarValue;
    exports2.stringify = cstStringify.stringify;
    exports2.visit = cstVisit.visit;
    exports2.BOM = BOM;
    exports2.DOCUMENT = DOCUMENT;
    exports2.FLOW_END = FLOW_END;
    exports2.SCALAR = SCALAR;
    exports2.isCollection = isCollection;
    exports2.isScalar = isScalar;
    exports2.prettyToken = prettyToken;
    exports2.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports2) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports2.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports2) {
    "use strict";
    var LineCounter = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports2.LineCounter = LineCounter;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports2) {
    "use strict";
    var node_process = require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list2, type) {
      for (let i = 0; i < list2.length; ++i)
        if (list2[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list2) {
      for (let i = 0; i < list2.length; ++i) {
        switch (list2[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error) {
        const token = error ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep4;
          if (scalar.end) {
            sep4 = scalar.end;
            sep4.push(this.sourceToken);
            delete scalar.end;
          } else
            sep4 = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep: sep4 }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key2 = it.key;
                  const sep4 = it.sep;
                  sep4.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key: key2, sep: sep4 }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep4 = fc.end.splice(1, fc.end.length);
            sep4.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep: sep4 }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports2.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports2) {
    "use strict";
    var composer = require_composer();
    var Document2 = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity2 = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity2.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document2.Document(value, _replacer, options).toString(options);
    }
    exports2.parse = parse;
    exports2.parseAllDocuments = parseAllDocuments;
    exports2.parseDocument = parseDocument2;
    exports2.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports2) {
    "use strict";
    var composer = require_composer();
    var Document2 = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity2 = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports2.Composer = composer.Composer;
    exports2.Document = Document2.Document;
    exports2.Schema = Schema.Schema;
    exports2.YAMLError = errors.YAMLError;
    exports2.YAMLParseError = errors.YAMLParseError;
    exports2.YAMLWarning = errors.YAMLWarning;
    exports2.Alias = Alias.Alias;
    exports2.isAlias = identity2.isAlias;
    exports2.isCollection = identity2.isCollection;
    exports2.isDocument = identity2.isDocument;
    exports2.isMap = identity2.isMap;
    exports2.isNode = identity2.isNode;
    exports2.isPair = identity2.isPair;
    exports2.isScalar = identity2.isScalar;
    exports2.isSeq = identity2.isSeq;
    exports2.Pair = Pair.Pair;
    exports2.Scalar = Scalar.Scalar;
    exports2.YAMLMap = YAMLMap.YAMLMap;
    exports2.YAMLSeq = YAMLSeq.YAMLSeq;
    exports2.CST = cst;
    exports2.Lexer = lexer.Lexer;
    exports2.LineCounter = lineCounter.LineCounter;
    exports2.Parser = parser.Parser;
    exports2.parse = publicApi.parse;
    exports2.parseAllDocuments = publicApi.parseAllDocuments;
    exports2.parseDocument = publicApi.parseDocument;
    exports2.stringify = publicApi.stringify;
    exports2.visit = visit.visit;
    exports2.visitAsync = visit.visitAsync;
  }
});

// runs/logged-run.ts
var import_node_fs22 = require("node:fs");
var import_node_path17 = require("node:path");

// lib/analysis-log.ts
var import_node_fs4 = require("node:fs");

// lib/append-line.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");

// lib/data-files.ts
var import_node_fs = require("node:fs");
var { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_APPEND, O_NOFOLLOW, O_NONBLOCK } = import_node_fs.constants;
var READ_NOFOLLOW = O_RDONLY | O_NOFOLLOW | O_NONBLOCK;
var APPEND_NOFOLLOW = O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK;
var CREATE_NEW = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;
function readDataFile(path) {
  const fd = (0, import_node_fs.openSync)(path, READ_NOFOLLOW);
  try {
    return (0, import_node_fs.readFileSync)(fd);
  } finally {
    (0, import_node_fs.closeSync)(fd);
  }
}
function pruneDataFile(path) {
  try {
    if ((0, import_node_fs.lstatSync)(path).isDirectory()) return false;
  } catch {
    return true;
  }
  (0, import_node_fs.rmSync)(path, { force: true });
  return true;
}
var fullDisk = process.env["HOMUNCULUS_TEST_FULL_DISK"];
var spaceLeft = fullDisk !== void 0 && /^\d+$/.test(fullDisk) ? Number(fullDisk) : Infinity;
function noSpace(path, detail = "") {
  const e = new Error(`ENOSPC: no space left on device, write '${path}'${detail}`);
  e.code = "ENOSPC";
  e.errno = -28;
  e.syscall = "write";
  e.path = path;
  return e;
}
function writeData(fd, data, path) {
  if (spaceLeft === Infinity) return (0, import_node_fs.writeSync)(fd, data, 0, data.length);
  if (spaceLeft === 0) throw noSpace(path);
  const n = (0, import_node_fs.writeSync)(fd, data, 0, Math.min(data.length, spaceLeft));
  spaceLeft -= n;
  return n;
}
function writeAll(fd, data, path) {
  let done = 0;
  while (done < data.length) {
    const n = writeData(fd, data.subarray(done), path);
    if (n === 0) throw noSpace(path);
    done += n;
  }
}
function writeNewFile(path, data, mode, opts = { replace: true }) {
  let fd;
  try {
    fd = (0, import_node_fs.openSync)(path, CREATE_NEW, mode);
  } catch (e) {
    if (e.code !== "EEXIST" || !opts.replace) throw e;
    (0, import_node_fs.unlinkSync)(path);
    fd = (0, import_node_fs.openSync)(path, CREATE_NEW, mode);
  }
  try {
    for (const chunk of data instanceof Uint8Array ? [data] : data) writeAll(fd, chunk, path);
  } catch (e) {
    (0, import_node_fs.closeSync)(fd);
    try {
      (0, import_node_fs.unlinkSync)(path);
    } catch {
    }
    throw e;
  }
  (0, import_node_fs.closeSync)(fd);
}

// lib/data-home.ts
var import_node_fs2 = require("node:fs");
var import_node_os = require("node:os");
var import_node_path = require("node:path");
var import_node_url = require("node:url");

// lib/fnv.ts
var FNV_OFFSET = 0xcbf29ce484222325n;
var FNV_PRIME = 0x100000001b3n;
var MASK_64 = 0xffffffffffffffffn;
function fnv1a64Hex(text) {
  let h = FNV_OFFSET;
  for (const byte of Buffer.from(text, "utf8")) {
    h = (h ^ BigInt(byte)) * FNV_PRIME & MASK_64;
  }
  return h.toString(16).padStart(16, "0");
}

// lib/data-home.ts
function packageRoot() {
  let dir = (0, import_node_path.dirname)((0, import_node_url.fileURLToPath)(__homunculus_import_meta_url));
  for (; ; ) {
    if ((0, import_node_fs2.existsSync)((0, import_node_path.join)(dir, "config", "defaults.json"))) return dir;
    const up = (0, import_node_path.dirname)(dir);
    if (up === dir) throw new Error(`homunculus: no config/defaults.json above ${(0, import_node_url.fileURLToPath)(__homunculus_import_meta_url)}`);
    dir = up;
  }
}
function resolveDataHome(env) {
  const fromEnv = env["HOMUNCULUS_HOME"];
  if (fromEnv) return (0, import_node_path.resolve)(fromEnv);
  const xdg = env["XDG_DATA_HOME"];
  return (0, import_node_path.join)(xdg && xdg.startsWith("/") ? xdg : (0, import_node_path.join)(userHome(env), ".local", "share"), "homunculus");
}
function userHome(env, systemHome = accountHome) {
  const fromEnv = env["HOME"];
  if (fromEnv && (0, import_node_path.isAbsolute)(fromEnv)) return fromEnv;
  const system = systemHome();
  if (system && (0, import_node_path.isAbsolute)(system)) return system;
  throw new DataHomeError(`HOME is ${fromEnv ? `not an absolute path (${JSON.stringify(fromEnv.slice(0, 80))})` : "not set"} and the system names no home folder for this user: set HOME to your home folder (or HOMUNCULUS_HOME to the data home)`);
}
function accountHome() {
  try {
    return (0, import_node_os.userInfo)().homedir;
  } catch {
    return void 0;
  }
}
var layout = {
  observations: (home) => (0, import_node_path.join)(home, "observations"),
  observationFile: (home, day) => (0, import_node_path.join)(home, "observations", `${day}.jsonl`),
  streams: (home) => (0, import_node_path.join)(home, "state", "streams"),
  state: (home) => (0, import_node_path.join)(home, "state"),
  hookErrors: (home) => (0, import_node_path.join)(home, "hook-errors.log"),
  instincts: (home) => (0, import_node_path.join)(home, "instincts"),
  archive: (home) => (0, import_node_path.join)(home, "archive"),
  dailySummary: (home) => (0, import_node_path.join)(home, "daily-summary.md"),
  lock: (home) => (0, import_node_path.join)(home, "analysis.lock"),
  cache: (home) => (0, import_node_path.join)(home, "state", "cache"),
  codeCache: (home) => (0, import_node_path.join)(home, "state", "cache", "v8"),
  lastAnalysis: (home) => (0, import_node_path.join)(home, "state", "last-analysis.json"),
  /** What import-transcripts learned from history (analyzer/history.ts). */
  history: (home) => (0, import_node_path.join)(home, "state", "history.json"),
  rulesJson: (home) => (0, import_node_path.join)(home, "rules.json"),
  rulesFile: (home) => (0, import_node_path.join)(home, "generated-rules.md"),
  config: (home) => (0, import_node_path.join)(home, "config.json"),
  promptCounts: (home) => (0, import_node_path.join)(home, "state", "prompts"),
  sessions: (home) => (0, import_node_path.join)(home, "state", "sessions"),
  // The instinct store (store/).
  facts: (home) => (0, import_node_path.join)(home, "facts"),
  events: (home) => (0, import_node_path.join)(home, "events.jsonl"),
  projects: (home) => (0, import_node_path.join)(home, "projects.json"),
  aliases: (home) => (0, import_node_path.join)(home, "aliases.json"),
  storeMarker: (home) => (0, import_node_path.join)(home, "store.json"),
  storeIndex: (home) => (0, import_node_path.join)(home, "state", "store-index.json"),
  /** A store change being committed (store/files/txn.ts): finished or undone by the next writer. */
  storeJournal: (home) => (0, import_node_path.join)(home, "state", "store-journal.json"),
  suggestions: (home) => (0, import_node_path.join)(home, "state", "suggestions.jsonl"),
  // In-session context and its feedback (store/delivery/inject.ts, store/delivery/turn-feedback.ts), the analysis log.
  // One file per UTC day, so that the Stop hook reads only the days it can still judge and old
  // days are pruned with the observations of their day.
  injectionsDir: (home) => (0, import_node_path.join)(home, "state", "injections"),
  injections: (home, day) => (0, import_node_path.join)(home, "state", "injections", `${day}.jsonl`),
  injectionsJudged: (home, day) => (0, import_node_path.join)(home, "state", "injections", `${day}.judged.jsonl`),
  /** The single logs of earlier versions (read while they are recent, then removed). */
  legacyInjections: (home) => (0, import_node_path.join)(home, "state", "injections.jsonl"),
  legacyInjectionsJudged: (home) => (0, import_node_path.join)(home, "state", "injections-judged.jsonl"),
  analysisLog: (home) => (0, import_node_path.join)(home, "analysis.log"),
  lastDream: (home) => (0, import_node_path.join)(home, "state", "last-dream.json")
};
function dataHomeNames() {
  const names = /* @__PURE__ */ new Set(["README.md"]);
  const fns = Object.values(layout);
  for (const f of fns) names.add(f("/home", "day").slice("/home/".length).split("/")[0]);
  for (const log of [layout.hookErrors, layout.analysisLog]) names.add(`${log("/home").slice("/home/".length)}.1`);
  return names;
}
var PRIVATE_DIR = 448;
var PRIVATE_FILE = 384;
function ensurePrivateDir(path) {
  try {
    (0, import_node_fs2.mkdirSync)(path, { recursive: true, mode: PRIVATE_DIR });
  } catch (e) {
    const code = e.code;
    if (code === "EEXIST") throw new DataHomeError(`${path} is a file, expected a folder; move it aside (or set HOMUNCULUS_HOME to another folder)`);
    if (code === "ENOENT") throw new DataHomeError(cannotCreate(path));
    throw e;
  }
}
function cannotCreate(path) {
  let below = path;
  let at = (0, import_node_path.dirname)(path);
  while (!(0, import_node_fs2.existsSync)(at) && (0, import_node_path.dirname)(at) !== at) {
    below = at;
    at = (0, import_node_path.dirname)(at);
  }
  const hint = "set HOMUNCULUS_HOME to a folder you can write";
  if (isLink(below)) return `cannot create ${path}: ${below} is a symbolic link to nowhere (${hint}, or make the folder it points to)`;
  try {
    (0, import_node_fs2.accessSync)(at, import_node_fs2.constants.W_OK);
  } catch (e) {
    const code = e.code;
    if (code === "EROFS") return `cannot create ${path}: ${at} is on a read-only filesystem (${hint})`;
    return `cannot create ${path}: ${at} is not writable (${code ?? String(e)}; ${hint})`;
  }
  return `cannot create ${path}: ENOENT below ${at} (${hint})`;
}
var DataHomeError = class extends Error {
};
var DATA_DIRS = ["observations", "state", (0, import_node_path.join)("state", "streams"), (0, import_node_path.join)("state", "prompts"), (0, import_node_path.join)("state", "sessions"), (0, import_node_path.join)("state", "cache"), (0, import_node_path.join)("state", "injections"), "instincts", "archive", "facts"];
function assertDataHome(home, dirs = DATA_DIRS) {
  let realHome;
  for (const d of dirs) {
    const path = (0, import_node_path.join)(home, d);
    let real;
    try {
      real = import_node_fs2.realpathSync.native(path);
    } catch (e) {
      if (e.code === "ENOENT" && isLink(path)) {
        throw new DataHomeError(`${path} is a symbolic link to nowhere; homunculus writes only inside its data home ${home}: replace the link with a folder`);
      }
      continue;
    }
    realHome ??= import_node_fs2.realpathSync.native(home);
    if (real === realHome || real.startsWith(realHome + import_node_path.sep)) continue;
    throw new DataHomeError(`${path} is a symbolic link to ${real}, outside the data home ${home}; homunculus never writes through it: replace the link with a folder`);
  }
}
function isLink(path) {
  try {
    return (0, import_node_fs2.lstatSync)(path).isSymbolicLink();
  } catch {
    return false;
  }
}

// lib/append-line.ts
var NL = 10;
var NEWLINE = Buffer.from("\n");
function openAppend(path) {
  try {
    return (0, import_node_fs3.openSync)(path, APPEND_NOFOLLOW, PRIVATE_FILE);
  } catch (e) {
    if (e.code === "ELOOP") throw new DataHomeError(`${path} is a symbolic link; homunculus never writes through links in its data home: remove it`);
    throw e;
  }
}
function appendLine(path, text) {
  let fd;
  try {
    fd = openAppend(path);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
    ensurePrivateDir((0, import_node_path2.dirname)(path));
    fd = openAppend(path);
  }
  try {
    const st = (0, import_node_fs3.fstatSync)(fd);
    if (!st.isFile()) throw new Error(`${path}: expected a regular file, found something else (a FIFO or device); move it aside`);
    if (st.nlink > 1) throw new DataHomeError(`${path} has ${st.nlink} hard links; homunculus never writes to a file that has another name: move it aside (cp it to a file of its own)`);
    let torn = false;
    if (st.size > 0) {
      const last = Buffer.alloc(1);
      torn = (0, import_node_fs3.readSync)(fd, last, 0, 1, st.size - 1) === 1 && last[0] !== NL;
    }
    const data = typeof text === "string" ? Buffer.from(`${torn ? "\n" : ""}${text}${text.endsWith("\n") ? "" : "\n"}`) : Buffer.concat([...torn ? [NEWLINE] : [], text, ...text.length > 0 && text[text.length - 1] === NL ? [] : [NEWLINE]]);
    const written = writeData(fd, data, path);
    if (written !== data.length) throw noSpace(path, `: ${written} of ${data.length} bytes written, the next record starts on a new line`);
  } finally {
    (0, import_node_fs3.closeSync)(fd);
  }
}

// lib/analysis-log.ts
var ROTATE_BYTES = 10 * 1024 * 1024;
function appendAnalysisEvent(home, e, rotateBytes = ROTATE_BYTES) {
  const path = layout.analysisLog(home);
  try {
    const st = (0, import_node_fs4.lstatSync)(path);
    if (st.isFile() && st.size >= rotateBytes) (0, import_node_fs4.renameSync)(path, `${path}.1`);
  } catch {
  }
  appendLine(path, JSON.stringify(e));
}

// lib/atomic-write.ts
var import_node_fs5 = require("node:fs");
var import_node_path3 = require("node:path");
var counter = 0;
function writeFileAtomic(path, data, opts = { skipIfSame: true }) {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  if (opts.skipIfSame !== false) {
    try {
      if (readDataFile(path).equals(Buffer.isBuffer(bytes) ? bytes : Buffer.concat(bytes))) return false;
    } catch {
    }
  }
  ensurePrivateDir((0, import_node_path3.dirname)(path));
  const tmp = `${path}.${process.pid}.${++counter}.tmp`;
  try {
    writeNewFile(tmp, bytes, opts.mode ?? PRIVATE_FILE);
    if (opts.cache === true) (0, import_node_fs5.rmSync)(path, { force: true });
    (0, import_node_fs5.renameSync)(tmp, path);
  } catch (e) {
    (0, import_node_fs5.rmSync)(tmp, { force: true });
    throw e;
  }
  return true;
}

// lib/clock-guard.ts
var import_node_fs6 = require("node:fs");
var import_node_fs7 = require("node:fs");

// lib/clock.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):?(\d{2})))?$/;
var BadTimeError = class extends Error {
};
function isoToMs(text) {
  const m = ISO.exec(text);
  if (m === null) return Number.NaN;
  const y = +m[1];
  const mo = +m[2];
  const d = +m[3];
  const h = m[4] === void 0 ? 0 : +m[4];
  const mi = m[5] === void 0 ? 0 : +m[5];
  const s = m[6] === void 0 ? 0 : +m[6];
  const frac = m[7] === void 0 ? 0 : +m[7].slice(0, 3).padEnd(3, "0");
  const t = /* @__PURE__ */ new Date(0);
  t.setUTCFullYear(y, mo - 1, d);
  t.setUTCHours(h, mi, s, frac);
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return Number.NaN;
  if (t.getUTCHours() !== h || t.getUTCMinutes() !== mi || t.getUTCSeconds() !== s) return Number.NaN;
  let offsetMin = 0;
  if (m[9] !== void 0) {
    const oh = +m[10];
    const om = +m[11];
    if (oh > 23 || om > 59) return Number.NaN;
    offsetMin = (m[9] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  return t.getTime() - offsetMin * 6e4;
}
function parseInstant(text, what) {
  const ms = isoToMs(text);
  if (Number.isNaN(ms)) {
    throw new BadTimeError(
      `${what}: expected an ISO 8601 time with a zone, on a real calendar date, like 2026-03-04T14:22:31Z or 2026-03-04, found ${JSON.stringify(text.slice(0, 60))}`
    );
  }
  return new Date(ms);
}
function resolveNow(flag, env) {
  if (flag !== void 0) return parseInstant(flag, "--now");
  const fromEnv = env["HOMUNCULUS_NOW"];
  if (fromEnv) return parseInstant(fromEnv, "HOMUNCULUS_NOW");
  return /* @__PURE__ */ new Date();
}
var DAY_MS = 864e5;
var FUTURE_TOLERANCE_MS = 5 * 6e4;
function futureClockReason(nowMs, realMs = Date.now()) {
  if (nowMs - realMs <= FUTURE_TOLERANCE_MS) return void 0;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW) is ${spanOf(nowMs - realMs)} ahead of the real clock (${new Date(realMs).toISOString()}), more than 5 minutes`;
}
var PAST_TOLERANCE_MS = 5 * 6e4;
function spanOf(ms) {
  return ms >= 2 * DAY_MS ? `${Math.floor(ms / DAY_MS)} days` : ms >= 2 * 36e5 ? `${Math.floor(ms / 36e5)} hours` : `${Math.ceil(ms / 6e4)} minutes`;
}
function pastClockReason(nowMs, newestMs) {
  if (!(newestMs - nowMs > PAST_TOLERANCE_MS)) return void 0;
  return `the time ${new Date(nowMs).toISOString()} (--now or HOMUNCULUS_NOW, or the clock) is ${spanOf(newestMs - nowMs)} before the newest record (${new Date(newestMs).toISOString()}), more than 5 minutes`;
}
function clockBehindReason(realMs, lastWriteMs) {
  if (!(lastWriteMs - realMs > PAST_TOLERANCE_MS)) return void 0;
  return `the system clock (${new Date(realMs).toISOString()}) is ${spanOf(lastWriteMs - realMs)} before the data home's last write (${new Date(lastWriteMs).toISOString()}), more than 5 minutes: it was set back`;
}
function utcDay(ms) {
  return new Date(ms).toISOString().slice(0, 10);
}

// lib/clock-guard.ts
var OBSERVATION_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
var TS = /"ts":"([^"]{10,40})"/g;
var TAIL = 8192;
var NONE = { newest: -Infinity, mtime: -Infinity };
function newestInTail(path, limitMs) {
  let fd;
  try {
    fd = (0, import_node_fs6.openSync)(path, READ_NOFOLLOW);
  } catch {
    return NONE;
  }
  try {
    const st = (0, import_node_fs6.fstatSync)(fd);
    if (!st.isFile()) return NONE;
    if (st.size === 0) return { newest: -Infinity, mtime: st.mtimeMs };
    const len = Math.min(TAIL, st.size);
    const buf = Buffer.allocUnsafe(len);
    let got = 0;
    while (got < len) {
      const n = (0, import_node_fs6.readSync)(fd, buf, got, len - got, st.size - len + got);
      if (n === 0) break;
      got += n;
    }
    let text = buf.toString("latin1", 0, got);
    if (len < st.size) text = text.slice(text.indexOf("\n") + 1);
    let newest = -Infinity;
    for (const m of text.matchAll(TS)) {
      const ms = isoToMs(m[1]);
      if (ms > newest && ms <= limitMs) newest = ms;
    }
    return { newest, mtime: st.mtimeMs };
  } finally {
    (0, import_node_fs6.closeSync)(fd);
  }
}
function mtimeOf(path) {
  try {
    const st = (0, import_node_fs7.lstatSync)(path);
    return st.isFile() ? st.mtimeMs : -Infinity;
  } catch {
    return -Infinity;
  }
}
function dataHomeTimes(home, limitMs) {
  let names = [];
  try {
    names = (0, import_node_fs6.readdirSync)(layout.observations(home)).filter((f) => OBSERVATION_FILE.test(f));
  } catch {
  }
  names.sort();
  const lastDay = new Date(limitMs).toISOString().slice(0, 10);
  let obs = NONE;
  let newestFile = -Infinity;
  for (let k = names.length - 1; k >= 0 && obs.newest === -Infinity; k--) {
    if (names[k].slice(0, 10) > lastDay) continue;
    obs = newestInTail(`${layout.observations(home)}/${names[k]}`, limitMs);
    if (k === names.length - 1) newestFile = obs.mtime;
  }
  if (names.length > 0 && newestFile === -Infinity) newestFile = mtimeOf(`${layout.observations(home)}/${names[names.length - 1]}`);
  const events = newestInTail(layout.events(home), limitMs);
  return { newestRecordMs: Math.max(obs.newest, events.newest), lastWriteMs: Math.max(newestFile, obs.mtime, events.mtime) };
}
function readOnlyReason(home, nowMs, realMs = Date.now()) {
  const future = futureClockReason(nowMs, realMs);
  if (future !== void 0) return future;
  const t = dataHomeTimes(home, realMs + FUTURE_TOLERANCE_MS);
  return pastClockReason(nowMs, t.newestRecordMs) ?? clockBehindReason(realMs, t.lastWriteMs);
}

// runs/run.ts
var import_node_fs21 = require("node:fs");
var import_node_path16 = require("node:path");

// lib/lock.ts
var import_node_fs8 = require("node:fs");
var STALE_LOCK_MS = 10 * 60 * 1e3;
var ABANDONED_CLAIM_MS = 1e4;
var JUST_NOW = { heldBy: { pid: -1, started: "just now" } };
function isFolder(path) {
  try {
    return (0, import_node_fs8.lstatSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === "EPERM";
  }
}
function look(path) {
  let st;
  try {
    st = (0, import_node_fs8.lstatSync)(path);
  } catch (e) {
    if (e.code === "ENOENT") return void 0;
    throw e;
  }
  let text = "";
  try {
    text = readDataFile(path).toString("utf8");
  } catch (e) {
    if (e.code === "ENOENT") return void 0;
  }
  return { id: `${st.ino}:${st.mtimeMs}:${text}`, text, mtimeMs: st.mtimeMs };
}
function acquireLock(path) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const mine = lockBytes();
    try {
      if (writeLockFile(path, mine)) return { release: releaser(path, mine) };
      continue;
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    if (isFolder(path)) throw new DataHomeError(`${path} is a folder, expected the analysis lock (a file); move it aside`);
    const seen = look(path);
    if (seen === void 0) continue;
    let info;
    try {
      info = JSON.parse(seen.text);
    } catch {
      info = void 0;
    }
    if (seen.text === "" && Date.now() - seen.mtimeMs < 5e3) return JUST_NOW;
    const age = info ? Date.now() - Date.parse(info.started) : Infinity;
    if (info && Number.isInteger(info.pid) && alive(info.pid) && age < STALE_LOCK_MS) return { heldBy: { pid: info.pid, started: info.started } };
    const r = takeOver(path, seen, mine);
    if (r === "taken") return { release: releaser(path, mine) };
    if (r === "claimed") return JUST_NOW;
  }
  return JUST_NOW;
}
function lockBytes() {
  return Buffer.from(JSON.stringify({ pid: process.pid, started: (/* @__PURE__ */ new Date()).toISOString(), token: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}` }));
}
function takeOver(path, seen, mine) {
  return underClaim(path, seen.id, () => {
    if (look(path)?.id !== seen.id) return "changed";
    const tmp = `${path}.${process.pid}.tmp`;
    writeNewFile(tmp, mine, PRIVATE_FILE);
    try {
      (0, import_node_fs8.renameSync)(tmp, path);
    } catch (e) {
      (0, import_node_fs8.rmSync)(tmp, { force: true });
      throw e;
    }
    return "taken";
  }, "claimed");
}
function releaser(path, mine) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const seen = look(path);
    if (seen === void 0 || seen.text !== mine.toString("utf8")) return;
    underClaim(path, seen.id, () => {
      if (look(path)?.id === seen.id) (0, import_node_fs8.rmSync)(path, { force: true });
    }, void 0);
  };
}
function underClaim(path, id, fn, busy) {
  const base = `${path}.${fnv1a64Hex(id)}`;
  for (let level = 0, tries = 0; level < 8 && tries < 100; level++, tries++) {
    const claim = `${base}.${level}.claim.tmp`;
    try {
      (0, import_node_fs8.closeSync)((0, import_node_fs8.openSync)(claim, CREATE_NEW, PRIVATE_FILE));
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
      let mtimeMs;
      try {
        mtimeMs = (0, import_node_fs8.lstatSync)(claim).mtimeMs;
      } catch {
        level--;
        continue;
      }
      if (Date.now() - mtimeMs < ABANDONED_CLAIM_MS) return busy;
      continue;
    }
    try {
      return fn();
    } finally {
      (0, import_node_fs8.rmSync)(claim, { force: true });
    }
  }
  return busy;
}
var NO_LINKS = /* @__PURE__ */ new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV"]);
function writeLockFile(path, data) {
  const tmp = `${path}.${process.pid}.tmp`;
  (0, import_node_fs8.rmSync)(tmp, { force: true });
  const fd = (0, import_node_fs8.openSync)(tmp, CREATE_NEW, PRIVATE_FILE);
  try {
    try {
      writeAll(fd, data, path);
    } finally {
      (0, import_node_fs8.closeSync)(fd);
    }
    (0, import_node_fs8.linkSync)(tmp, path);
    return true;
  } catch (e) {
    const code = e.code;
    if (e.syscall !== "link") throw e;
    if (code === "ENOENT") return false;
    if (code === void 0 || !NO_LINKS.has(code)) throw e;
    writeNewFile(path, data, PRIVATE_FILE, { replace: false });
    return true;
  } finally {
    (0, import_node_fs8.rmSync)(tmp, { force: true });
  }
}
var sleeper = new Int32Array(new SharedArrayBuffer(4));
function acquireLockWaiting(path, waitMs) {
  const start = Date.now();
  let first;
  for (; ; ) {
    const r = acquireLock(path);
    if ("release" in r) return first ? { ...r, waitedFor: first } : r;
    first ??= r.heldBy;
    if (Date.now() - start >= waitMs) return r;
    Atomics.wait(sleeper, 0, 0, Math.min(100, Math.max(1, waitMs - (Date.now() - start))));
  }
}

// analyzer/active-window.ts
var dayOf = (ms) => Math.floor(ms / DAY_MS);
function lastActiveDays(days, k, today) {
  return [...new Set(days)].filter((d) => d <= today).sort((a, b) => b - a).slice(0, k);
}
function activeWindowStart(activeDays, windowDays2, nowMs, calendarStartMs) {
  const last = lastActiveDays(activeDays, windowDays2, dayOf(nowMs));
  if (last.length === 0) return void 0;
  const start = last[last.length - 1] * DAY_MS - 1;
  return start < calendarStartMs ? start : void 0;
}
function protectedDays(presence, windowDays2, recentFrom, today) {
  const daysOf = /* @__PURE__ */ new Map();
  for (const [day, projects] of presence) for (const p of projects) daysOf.set(p, [...daysOf.get(p) ?? [], day]);
  const out = /* @__PURE__ */ new Set();
  for (const days of daysOf.values()) {
    const last = lastActiveDays(days, windowDays2, today);
    if (last.length > 0 && last[0] >= recentFrom) for (const d of last) out.add(d);
  }
  return out;
}

// lib/plural.ts
function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

// analyzer/counted.ts
var SCALE = 2 ** 31;
function dayWeight(ts, dayEndMs, rate) {
  return Math.round(Math.exp(rate * (ts - dayEndMs)) * SCALE);
}
function dayFactors(day0, nDays, nowMs, halfLifeDays) {
  const rate = Math.LN2 / (halfLifeDays * DAY_MS);
  return Float64Array.from({ length: nDays }, (_, d) => Math.exp(rate * ((day0 + d + 1) * DAY_MS - nowMs)) / SCALE);
}
function finishCounted(c, nowMs, halfLifeDays) {
  const f = dayFactors(c.day0, c.days.length, nowMs, halfLifeDays);
  const sum = (byDay) => {
    let s = 0;
    for (let d = 0; d < byDay.length; d++) if (byDay[d] !== 0) s += byDay[d] * f[d];
    return s;
  };
  for (const p of c.chains.values()) p.decaySum = sum(p.decayByDay);
  for (const p of c.errorRetries.values()) p.decaySum = sum(p.decayByDay);
  for (const p of c.learned.values()) p.decaySum = sum(p.decayByDay);
  let total = 0;
  c.dayDecay.forEach((d, i) => total += d * f[i]);
  c.decayMean = c.calls === 0 ? 0 : total / c.calls;
  return c;
}
function newCount(kind, steps, ts, nDays) {
  return { kind, key: "", steps, n: 0, perSession: [], sessions: [], lastSession: -1, decaySum: 0, first: ts, last: ts, perDay: new Int32Array(nDays), decayByDay: new Float64Array(nDays), starts: 0, retries: 0 };
}
function emptyCounted(keys, day0, nDays) {
  const K = keys.length;
  return {
    chains: /* @__PURE__ */ new Map(),
    errorRetries: /* @__PURE__ */ new Map(),
    learned: /* @__PURE__ */ new Map(),
    totals: /* @__PURE__ */ new Map(),
    sessionsInWindow: 0,
    calls: 0,
    future: 0,
    decayMean: 0,
    activeDays: 0,
    keys,
    keyStats: { calls: new Int32Array(K), failedThenAny: new Int32Array(K), okThenAny: new Int32Array(K), okThenSame: new Int32Array(K) },
    day0,
    days: Array.from({ length: nDays }, () => ({ calls: 0, failures: 0, sessions: 0, lastSession: -1 })),
    dayDecay: new Float64Array(nDays)
  };
}
function windowDays(windowStartMs, nowMs) {
  const day0 = Math.floor(windowStartMs / DAY_MS);
  return { day0, nDays: Math.floor(nowMs / DAY_MS) - day0 + 1 };
}
function sessionHistogram(perSession) {
  if (perSession.length === 1) return [perSession[0], 1];
  const sorted = perSession.length <= 64 ? perSession.slice().sort((a, b) => a - b) : Float64Array.from(perSession).sort();
  const out = [];
  for (let i = 0; i < sorted.length; i++) {
    if (out.length > 0 && out[out.length - 2] === sorted[i]) out[out.length - 1]++;
    else out.push(sorted[i], 1);
  }
  return out;
}
function histogramSessions(h) {
  let m = 0;
  for (let i = 1; i < h.length; i += 2) m += h[i];
  return m;
}
function patternSessions(p) {
  return p.perSession.length > 0 ? p.perSession.length : histogramSessions(p.sessions);
}
function addHistograms(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || i < a.length && a[i] < b[j]) out.push(a[i], a[i + 1]), i += 2;
    else if (i >= a.length || b[j] < a[i]) out.push(b[j], b[j + 1]), j += 2;
    else out.push(a[i], a[i + 1] + b[j + 1]), i += 2, j += 2;
  }
  return out;
}

// analyzer/learners/command-purposes.ts
var PURPOSES = ["test", "build", "lint", "format", "typecheck", "run", "install"];
var pm = (script) => ["npm", "pnpm", "yarn", "bun"].flatMap((m) => [`${m} run ${script}`, ...m === "npm" ? [] : [`${m} ${script}`]]);
var task = (t) => [`make ${t}`, `just ${t}`, `mise run ${t}`, `deno task ${t}`, `task ${t}`];
var PURPOSE_TABLE = {
  test: [
    "npm test",
    ...pm("test"),
    "bun test",
    "go test",
    "cargo test",
    "cargo nextest",
    "pytest",
    "python -m pytest",
    "python3 -m pytest",
    "python -m unittest",
    "python3 -m unittest",
    "tox",
    "nox",
    ...task("test"),
    "make check",
    "jest",
    "vitest",
    "mocha",
    "ava",
    "playwright test",
    "rspec",
    "phpunit",
    "mvn test",
    "mvn verify",
    "gradle test",
    "gradlew test",
    "dotnet test",
    "mix test",
    "deno test",
    "swift test",
    "ctest",
    "zig build test"
  ],
  build: [...pm("build"), "go build", "cargo build", "make", ...task("build"), "make all", "mvn package", "mvn compile", "gradle build", "gradlew build", "dotnet build", "swift build", "docker build", "vite build", "next build", "webpack", "cmake", "ninja", "zig build", "mix compile"],
  lint: [...pm("lint"), "eslint", "ruff", "flake8", "pylint", "golangci-lint", "go vet", "cargo clippy", ...task("lint"), "biome", "rubocop", "shellcheck", "stylelint", "markdownlint"],
  format: [...pm("format"), ...pm("fmt"), "prettier", "black", "gofmt", "go fmt", "cargo fmt", "rustfmt", "isort", ...task("fmt"), ...task("format"), "dotnet format", "mix format"],
  typecheck: ["tsc", "vue-tsc", ...pm("typecheck"), ...pm("type-check"), ...pm("types"), "mypy", "pyright", "python -m mypy", "python3 -m mypy"],
  run: ["npm start", ...pm("start"), ...pm("dev"), ...pm("serve"), "go run", "cargo run", ...task("run"), ...task("dev"), "flask run", "uvicorn", "docker compose up", "docker-compose up", "mix phx.server"],
  install: ["npm install", "npm ci", "npm i", "pnpm install", "pnpm i", "yarn install", "bun install", "pip install", "pip3 install", "python -m pip", "python3 -m pip", "uv sync", "uv pip", "poetry install", "go mod", "cargo fetch", "bundle install", "composer install", "mvn install", ...task("install"), "mix deps.get"]
};
var INSPECTION = [
  "ls",
  "cat",
  "head",
  "tail",
  "pwd",
  "echo",
  "printf",
  "cd",
  "find",
  "fd",
  "grep",
  "egrep",
  "rg",
  "ag",
  "wc",
  "which",
  "where",
  "whereis",
  "type",
  "tree",
  "file",
  "stat",
  "du",
  "df",
  "less",
  "more",
  "sort",
  "uniq",
  "diff",
  "whoami",
  "hostname",
  "date",
  "env",
  "printenv",
  "ps",
  "dir",
  "realpath",
  "readlink",
  "basename",
  "dirname",
  "jq",
  "uname",
  "id",
  "sleep",
  "true",
  "false",
  "test",
  "sed",
  "awk",
  "cut",
  "tr",
  "xargs",
  "tee",
  "open",
  "clear",
  "history",
  "man",
  "help",
  "git status",
  "git diff",
  "git log",
  "git show",
  "git branch",
  "git remote",
  "git rev-parse",
  "git blame",
  "git ls-files",
  "git describe",
  "git reflog",
  "git shortlog",
  "git config",
  "git fetch"
];
var NOT_A_COMMAND = /* @__PURE__ */ new Set([
  "local-script",
  // interpreters and shells
  "python",
  "python2",
  "python3",
  "pypy",
  "pypy3",
  "node",
  "nodejs",
  "bash",
  "sh",
  "zsh",
  "dash",
  "ksh",
  "fish",
  "ruby",
  "perl",
  "php",
  "lua",
  "Rscript",
  "java",
  "deno",
  "deno run",
  "bun",
  "tsx",
  "ts-node",
  "pwsh",
  "powershell",
  "osascript",
  // package runners
  "npx",
  "pnpx",
  "bunx",
  "uvx",
  "pnpm dlx",
  "yarn dlx",
  "bun x",
  "npm exec",
  "npm x",
  "pnpm exec",
  "yarn exec",
  "pipx run",
  "uv run",
  "poetry run",
  "pdm run",
  "rye run",
  "hatch run",
  "bundle exec"
]);
var namesNoCommand = (detail) => NOT_A_COMMAND.has(detail);
var startsWithEntry = (detail, entry) => detail === entry || detail.startsWith(`${entry} `);
function purposeOf(detail) {
  let best;
  for (const p of PURPOSES) {
    for (const e of PURPOSE_TABLE[p]) if (startsWithEntry(detail, e) && (best === void 0 || e.length > best[1])) best = [p, e.length];
  }
  if (best === void 0 && /^(?:pnpm|yarn|bun) \S/.test(detail)) return purposeOf(detail.slice(detail.indexOf(" ") + 1));
  return best?.[0];
}
function isInspection(detail) {
  return INSPECTION.some((e) => startsWithEntry(detail, e));
}

// lib/tokens.ts
var TOOL_NAME = /^[A-Za-z0-9_.:-]{1,128}$/;
var ID = /^[A-Za-z0-9_-]{1,128}$/;
var DETAIL_PART = /^[A-Za-z0-9._:+@-]{1,40}$/;
var DETAIL_WORDS = 3;
function idToken(value) {
  return typeof value === "string" && ID.test(value) ? value : void 0;
}

// analyzer/key-tokens.ts
var STEP = /^([A-Za-z0-9_.:-]{1,128})(?:\(([A-Za-z0-9._:+@ -]{1,81})\))?$/;
var DETAIL = /^[A-Za-z0-9._:+@ -]{1,81}$/;
function validStep(s) {
  const m = STEP.exec(s);
  if (!m || !TOOL_NAME.test(m[1])) return false;
  return m[2] === void 0 || m[2].split(" ").every((w) => DETAIL_PART.test(w));
}
var validDetail = (d) => DETAIL.test(d) && d.split(" ").every((w) => DETAIL_PART.test(w));
var whole = (v) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9;
var times = (h, o, s) => `${h} of ${plural(o, "time")} in ${plural(s, "session")}`;
var TEST_WORDS = /* @__PURE__ */ new Set(["test", "tests", "pytest", "jest", "vitest", "mocha", "rspec", "phpunit", "ctest", "nextest"]);
function isTestStep(step) {
  const m = /^Bash\((.*)\)$/.exec(step);
  return m !== null && m[1].split(" ").some((w) => TEST_WORDS.has(w));
}

// analyzer/learners/commands.ts
var COMMAND_KIND = "command";
var RUNS = "cmd.runs:";
var FAILS = "cmd.fails:";
var RAN_IN = "cmd.ranIn:";
var ALL_RAN = "cmd.all.ran";
var ALL_OK = "cmd.all.ok";
function commandParts(key2) {
  const m = /^cmd:([a-z]+)=(.+)$/.exec(key2);
  if (m === null || ![...PURPOSES, "other"].includes(m[1])) return void 0;
  return { purpose: m[1], detail: m[2] };
}
var PHRASE = { test: "tests", build: "builds", lint: "linting", format: "formatting", typecheck: "type checks", run: "running it", install: "installing", other: "" };
function commandClaimText(purpose, detail) {
  return purpose === "other" ? `\`${detail}\` is run here, and succeeds` : `${PHRASE[purpose]} here: \`${detail}\`, which succeeds`;
}
var SessionState = class {
  session = -1;
  /** Detail id -> its successful records. */
  succeeded = /* @__PURE__ */ new Map();
  runs = /* @__PURE__ */ new Map();
  fails = /* @__PURE__ */ new Map();
  /** Emptied for the next session, its collections kept (the Stop hook walks thousands of sessions). */
  reset(session) {
    this.session = session;
    this.succeeded.clear();
    this.runs.clear();
    this.fails.clear();
  }
};
function commandsLearner() {
  const st = new SessionState();
  let table;
  let purposeCache = [];
  let keyCache = [];
  const purposeFor = (w, d) => {
    if (table !== w.t) {
      table = w.t;
      purposeCache = [];
      keyCache = [];
    }
    let p = purposeCache[d];
    if (p === void 0) {
      const detail = w.t.details[d];
      p = purposeCache[d] = namesNoCommand(detail) ? null : purposeOf(detail) ?? (isInspection(detail) ? null : "other");
      keyCache[d] = `cmd:${p}=${detail}`;
    }
    return p;
  };
  return {
    kind: COMMAND_KIND,
    prefix: "cmd",
    category: "command",
    stream(w, a, b, session) {
      if (st.session !== session) st.reset(session);
      const { t, order } = w;
      const bash = t.tools.indexOf("Bash");
      if (bash === -1) return;
      for (let k = a; k < b; k++) {
        const i = order[k];
        if (t.tool[i] !== bash) continue;
        const d = t.detail[i];
        if (d === -1) continue;
        const purpose = purposeFor(w, d);
        if (purpose === null) continue;
        st.runs.set(d, (st.runs.get(d) ?? 0) + 1);
        if (t.ok[i] === 1) {
          const list2 = st.succeeded.get(d);
          if (list2 === void 0) st.succeeded.set(d, [i]);
          else list2.push(i);
        } else st.fails.set(d, (st.fails.get(d) ?? 0) + 1);
      }
    },
    endSession(w, session) {
      if (st.session === session) {
        for (const [d, runs] of st.succeeded) {
          const key2 = keyCache[d];
          for (const i of runs) w.hit(COMMAND_KIND, key2, i, session);
        }
        for (const [d, n] of st.runs) {
          w.add(RUNS + w.t.details[d], n);
          w.add(RAN_IN + w.t.details[d], 1);
          w.add(ALL_RAN, 1);
          if (st.succeeded.has(d)) w.add(ALL_OK, 1);
        }
        for (const [d, n] of st.fails) w.add(FAILS + w.t.details[d], n);
      }
      st.reset(-1);
    },
    claim(p, c) {
      const parts = commandParts(p.key);
      const hits = patternSessions(p);
      return { claim: commandClaimText(parts.purpose, parts.detail), hits, opportunities: Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0), prior: commandPrior(c) };
    },
    scoreGroup: (p) => `cmd:${commandParts(p.key)?.purpose ?? ""}`,
    details(p, c) {
      const parts = commandParts(p.key);
      if (parts === void 0 || parts.purpose === "other") return void 0;
      let best;
      for (const x of neverSucceeded(c).get(parts.purpose) ?? []) {
        if (x.instead_of !== parts.detail && (best === void 0 || x.instead_fails > best.instead_fails)) best = x;
      }
      return best;
    },
    lift(p, c) {
      const parts = commandParts(p.key);
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN_IN + parts.detail) ?? 0);
      return opps === 0 ? 0 : hits / opps / commandPrior(c);
    }
  };
}
function commandPrior(c) {
  return ((c.totals.get(ALL_OK) ?? 0) + 1) / ((c.totals.get(ALL_RAN) ?? 0) + 2);
}
var failing = /* @__PURE__ */ new WeakMap();
function neverSucceeded(c) {
  let out = failing.get(c);
  if (out !== void 0) return out;
  out = /* @__PURE__ */ new Map();
  for (const [name, runs] of c.totals) {
    if (!name.startsWith(RUNS) || runs < 2) continue;
    const detail = name.slice(RUNS.length);
    const fails = c.totals.get(FAILS + detail) ?? 0;
    const purpose = purposeOf(detail);
    if (fails !== runs || purpose === void 0) continue;
    out.set(purpose, [...out.get(purpose) ?? [], { instead_of: detail, instead_fails: fails, instead_runs: runs }]);
  }
  failing.set(c, out);
  return out;
}
var COMMANDS = {
  kind: COMMAND_KIND,
  prefix: "cmd",
  category: "command",
  title: "Project commands",
  words: {
    tokens: (key2) => {
      const c = commandParts(key2);
      return c !== void 0 && validDetail(c.detail) && !namesNoCommand(c.detail) ? [c.purpose, c.detail] : void 0;
    },
    claim: (t) => commandClaimText(t[0], t[1]),
    seed: (t, n) => `Project command (${t[0]}): ${t[1]} (succeeded ${n}x)`,
    counts: (h, o) => `${h} of ${plural(o, "session")} that ran it`,
    tail: (_t, d) => typeof d?.instead_of === "string" && validDetail(d.instead_of) && whole(d.instead_fails) && whole(d.instead_runs) ? `; not \`${d.instead_of}\` (failed ${d.instead_fails} of ${d.instead_runs})` : ""
  },
  text: {
    domain: (t) => t[0] === "test" ? "testing" : "workflow",
    trigger: (t) => t[0] === "other" ? `running ${t[1]}` : `running the ${t[0]}`,
    action: (t) => `use ${t[1]}`
  },
  minLift: () => 0,
  minSessions: () => 1,
  rank: 2,
  perProject: true,
  source: "observed",
  make: () => commandsLearner()
};

// analyzer/claims.ts
function shrunkRate(hits, opportunities, prior, weight) {
  if (!(opportunities >= 0) || !(hits >= 0) || hits > opportunities) return 0;
  const p = Math.min(1, Math.max(0, Number.isFinite(prior) ? prior : 0));
  const w = Math.max(0, weight);
  if (opportunities + w === 0) return p;
  return (hits + w * p) / (opportunities + w);
}
function stepWords(step) {
  const m = /^Bash\((.+)\)$/.exec(step);
  return m ? `\`${m[1]}\`` : step;
}
function chainClaimText(steps) {
  return `after ${stepWords(steps[0])} then ${stepWords(steps[1])}, ${stepWords(steps[2])} comes next`;
}
function retryClaimText(step) {
  return `after ${stepWords(step)} fails, it is run again next`;
}
function patternStoreKey(kind, key2) {
  return kind === "chain" ? `seq:${key2}` : kind === "error-retry" ? `retry:${key2.replace(/ error-retry$/, "")}` : key2;
}

// analyzer/record-table.ts
var OK = 1;
var FAILED = 0;
var INTERRUPTED = 2;
var REJECTED = 4;
function okByte(ok, stop) {
  return ok ? OK : stop === "interrupt" ? INTERRUPTED : stop === "reject" ? REJECTED : FAILED;
}
var DEDUP_WINDOW = 16;
function idHash(text, start = 0, end = text.length) {
  let h = 2166136261 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h &= 1073741823;
  return h === 0 ? 1 : h;
}

// analyzer/learners/corrections.ts
var CORRECTION_KIND = "correction";
var RAN = "ask.ran:";
var PAIRS = "ask.pairs";
var STOPPED_PAIRS = "ask.stoppedPairs";
var NOT_CORRECTIONS = /* @__PURE__ */ new Set(["ExitPlanMode"]);
var correctedStep = (key2) => key2.slice("ask:".length);
function correctionClaimText(step) {
  return `the user stops ${stepWords(step)} here: ask first`;
}
function correctionsLearner() {
  let session = -1;
  let keys;
  let ranIn = new Int32Array(0);
  let excluded = new Uint8Array(0);
  const ran = [];
  const stopped2 = /* @__PURE__ */ new Map();
  const reset = (s) => {
    ran.length = 0;
    stopped2.clear();
    session = s;
  };
  return {
    kind: CORRECTION_KIND,
    prefix: "ask",
    category: "correction",
    stream(w, a, b, s) {
      if (keys !== w.keys) {
        keys = w.keys;
        ranIn = new Int32Array(keys.length);
        excluded = Uint8Array.from(keys, (k) => NOT_CORRECTIONS.has(k) ? 1 : 0);
        reset(s);
      } else if (session !== s) reset(s);
      const { t, keyOf: keyOf2, order } = w;
      const okOf = t.ok;
      for (let k = a; k < b; k++) {
        const i = order[k];
        const key2 = keyOf2[i];
        if (excluded[key2] === 1) continue;
        if (ranIn[key2] !== s + 1) {
          ranIn[key2] = s + 1;
          ran.push(key2);
        }
        const ok = okOf[i];
        if (ok === INTERRUPTED || ok === REJECTED) {
          const list2 = stopped2.get(key2);
          if (list2 === void 0) stopped2.set(key2, [i]);
          else list2.push(i);
        }
      }
    },
    endSession(w, s) {
      if (session === s) {
        for (const key2 of ran) {
          w.add(RAN + w.keys[key2], 1);
          w.add(PAIRS, 1);
        }
        for (const [key2, stops] of stopped2) {
          w.add(STOPPED_PAIRS, 1);
          const pattern = `ask:${w.keys[key2]}`;
          for (const i of stops) w.hit(CORRECTION_KIND, pattern, i, s);
        }
      }
      reset(-1);
    },
    claim(p, c) {
      const step = correctedStep(p.key);
      const hits = patternSessions(p);
      return { claim: correctionClaimText(step), hits, opportunities: Math.max(hits, c.totals.get(RAN + step) ?? 0), prior: correctionPrior(c) };
    },
    lift(p, c) {
      const hits = patternSessions(p);
      const opps = Math.max(hits, c.totals.get(RAN + correctedStep(p.key)) ?? 0);
      return opps === 0 ? 0 : hits / opps / correctionPrior(c);
    }
  };
}
function correctionPrior(c) {
  const pairs = c.totals.get(PAIRS) ?? 0;
  return pairs === 0 ? 1 : Math.max(c.totals.get(STOPPED_PAIRS) ?? 0, 1) / pairs;
}
var CORRECTIONS = {
  kind: CORRECTION_KIND,
  prefix: "ask",
  category: "correction",
  title: "Calls the user stopped",
  words: {
    tokens: (key2) => {
      const step = key2.replace(/^ask:/, "");
      return key2.startsWith("ask:") && validStep(step) ? [step] : void 0;
    },
    claim: (t) => correctionClaimText(t[0]),
    seed: (t, n) => `Correction: the user stopped ${t[0]} (${n}x)`,
    counts: (h, o) => `stopped in ${h} of the ${plural(o, "session")} that made the call`
  },
  text: {
    domain: (t) => t.some(isTestStep) ? "testing" : "workflow",
    trigger: (t) => `about to run ${t[0]}`,
    action: () => "ask the user first: they stopped it before"
  },
  minLift: (c) => c.minRetryLift,
  rank: 0,
  perProject: false,
  // The calls the user stopped are the user's word, though the analyzer learned them.
  source: "user_correction",
  make: () => correctionsLearner()
};

// analyzer/learners/fixes.ts
var FIX_KIND = "fix";
var EPISODES = "fix.episodes:";
var STEPS = "fix.steps";
var RECOVERED = "fix.recovered";
var FIRST_RUN = "fix.firstRun:";
var FIRST_FAIL = "fix.firstFail:";
function fixSteps(key2) {
  const m = /^fix:(Bash\([^()]+\))->(Bash\([^()]+\))$/.exec(key2);
  return m ? [m[1], m[2]] : void 0;
}
function fixClaimText(failed2, step) {
  return `after ${stepWords(failed2)} fails, ${stepWords(step)} is run before it passes`;
}
var FixState = class {
  /** Key id -> the time of its first run in the session, and whether that run failed (by time, not stream order: a session's streams come in any order). */
  firstSeen = /* @__PURE__ */ new Map();
  session = -1;
};
function fixesLearner(windowCalls) {
  const st = new FixState();
  let keys;
  const pairKey = /* @__PURE__ */ new Map();
  const episodesName = /* @__PURE__ */ new Map();
  const open = /* @__PURE__ */ new Map();
  const steps = /* @__PURE__ */ new Set();
  return {
    kind: FIX_KIND,
    prefix: "fix",
    category: "fix_pattern",
    stream(w, a, b, session) {
      if (st.session !== session) {
        st.firstSeen.clear();
        st.session = session;
      }
      const { t, keyOf: keyOf2, order } = w;
      if (keys !== w.keys) {
        keys = w.keys;
        pairKey.clear();
        episodesName.clear();
      }
      const bash = t.tools.indexOf("Bash");
      if (bash === -1) return;
      const window = windowCalls();
      open.clear();
      for (let k = a; k < b; k++) {
        const i = order[k];
        if (t.tool[i] !== bash || t.detail[i] === -1) continue;
        const f = keyOf2[i];
        const ok = t.ok[i] === 1;
        const ts = t.ts[i];
        const first = st.firstSeen.get(f);
        if (first === void 0 || ts < first.ts) st.firstSeen.set(f, { ts, failed: !ok });
        else if (ts === first.ts && !ok) first.failed = true;
        if (!ok) {
          if (!open.has(f)) open.set(f, k);
          continue;
        }
        const at = open.get(f);
        open.delete(f);
        if (at === void 0 || k - at > window) continue;
        steps.clear();
        for (let j = at + 1; j < k; j++) {
          const r = order[j];
          if (t.tool[r] === bash && t.detail[r] !== -1 && keyOf2[r] !== f) steps.add(keyOf2[r]);
        }
        let name = episodesName.get(f);
        if (name === void 0) episodesName.set(f, name = EPISODES + keys[f]);
        w.add(name, 1);
        w.add(RECOVERED, 1);
        w.add(STEPS, k - at - 1);
        for (const s of steps) {
          const id = f * keys.length + s;
          let key2 = pairKey.get(id);
          if (key2 === void 0) pairKey.set(id, key2 = `fix:${keys[f]}->${keys[s]}`);
          w.hit(FIX_KIND, key2, i, session);
        }
      }
    },
    endSession(w) {
      for (const [f, first] of st.firstSeen) {
        w.add(FIRST_RUN + w.keys[f], 1);
        if (first.failed) w.add(FIRST_FAIL + w.keys[f], 1);
      }
      st.firstSeen.clear();
      st.session = -1;
    },
    claim(p, c) {
      const [failed2, step] = fixSteps(p.key) ?? ["", ""];
      return { claim: fixClaimText(failed2, step), hits: p.n, opportunities: Math.max(p.n, c.totals.get(EPISODES + failed2) ?? 0), prior: fixPrior(step, c) };
    },
    scoreGroup: (p) => `fix:${fixSteps(p.key)?.[0] ?? ""}`,
    details(p, c) {
      const failed2 = fixSteps(p.key)?.[0];
      if (failed2 === void 0) return void 0;
      const r = firstRuns(failed2, c);
      return r.sessions === 0 ? void 0 : { first_fails: r.failedFirst, first_runs: r.sessions };
    },
    lift(p, c) {
      const [failed2, step] = fixSteps(p.key) ?? ["", ""];
      const opps = Math.max(p.n, c.totals.get(EPISODES + failed2) ?? 0);
      return opps === 0 ? 0 : p.n / opps / Math.max(fixPrior(step, c), 1e-9);
    }
  };
}
function fixPrior(step, c) {
  const id = c.keys.indexOf(step);
  const q = id === -1 || c.calls === 0 ? 0 : c.keyStats.calls[id] / c.calls;
  const recovered = c.totals.get(RECOVERED) ?? 0;
  const len = recovered === 0 ? 1 : Math.max(1, (c.totals.get(STEPS) ?? 0) / recovered);
  return 1 - (1 - q) ** len;
}
function firstRuns(failedKey, c) {
  return { failedFirst: c.totals.get(FIRST_FAIL + failedKey) ?? 0, sessions: c.totals.get(FIRST_RUN + failedKey) ?? 0 };
}
var FIXES = {
  kind: FIX_KIND,
  prefix: "fix",
  category: "fix_pattern",
  title: "Fixes",
  words: {
    tokens: (key2) => {
      const s = fixSteps(key2);
      return s !== void 0 && s.every(validStep) ? [...s] : void 0;
    },
    claim: (t) => fixClaimText(t[0], t[1]),
    seed: (t, n) => `Fix: when ${t[0]} fails, ${t[1]} was run before it passed (seen ${n}x)`,
    counts: times,
    // Where the command fails first in most of its sessions, the line says so before the failure happens.
    lead: (t, d) => whole(d?.first_fails) && whole(d?.first_runs) && d.first_runs >= 2 && 2 * d.first_fails > d.first_runs ? `Before ${stepWords(t[0])} here, run ${stepWords(t[1])} (its first run failed in ${d.first_fails} of ${d.first_runs} sessions): ` : ""
  },
  text: {
    domain: () => "error-handling",
    trigger: (t) => `${t[0]} fails`,
    action: (t) => `run ${t[1]} before running it again`
  },
  minLift: (c) => c.minRetryLift,
  rank: 1,
  perProject: true,
  source: "observed",
  make: (o) => fixesLearner(() => o.fixWindowCalls)
};

// analyzer/learners/index.ts
var LEARNERS = [
  FIXES,
  COMMANDS,
  CORRECTIONS
];
function makeLearners(o) {
  return LEARNERS.map((m) => m.make(o));
}
var BY_KIND = new Map(makeLearners({ fixWindowCalls: 10 }).map((l) => [l.kind, l]));
function learnerOf(kind) {
  return BY_KIND.get(kind);
}
function learnerModule(kind) {
  return LEARNERS.find((m) => m.kind === kind);
}

// analyzer/deliver.ts
var KINDS = {
  ...Object.fromEntries(LEARNERS.map((m) => [m.prefix, { minLift: m.minLift, rank: m.rank, ...m.minSessions ? { minSessions: m.minSessions } : {} }])),
  retry: { minLift: (c) => c.minRetryLift, rank: 3 },
  seq: { minLift: (c) => c.minLift, rank: 4 }
};
function prefixOf(key2) {
  const i = key2.indexOf(":");
  return i === -1 ? "" : key2.slice(0, i);
}
function minLiftOf(key2, c) {
  return KINDS[prefixOf(key2)]?.minLift(c) ?? c.minLift;
}
function oneStepRepeated(key2) {
  if (!key2.startsWith("seq:")) return false;
  const steps = key2.slice(4).split("->");
  return steps.length === 3 && steps[0] === steps[1] && steps[1] === steps[2];
}
var pct = (x) => `${Math.round(x * 100)}%`;
function whyNotDelivered(x, c) {
  const kind = KINDS[prefixOf(x.key)];
  if (kind === void 0) return `${JSON.stringify(prefixOf(x.key))} is not a kind of claim homunculus measures`;
  if (x.foldedInto !== void 0) return `it restates ${x.foldedInto}`;
  if (oneStepRepeated(x.key)) return "one step repeated says only that the step is common";
  const minLift = kind.minLift(c);
  if (minLift > 0 && !(typeof x.lift === "number" && x.lift >= minLift)) return `lift ${typeof x.lift === "number" ? x.lift.toFixed(1) : "unknown"} is under ${minLift}: its steps are common anyway`;
  if (!(typeof x.rate === "number" && x.rate >= 0 && x.rate <= 1)) return "its rate was never measured";
  if (x.rate < c.minRate) return `its rate is ${pct(x.rate)}, under minRate ${pct(c.minRate)}`;
  const minSessions = kind.minSessions?.(c) ?? c.minSessions;
  if (!(x.sessions >= minSessions)) return `seen in ${plural(x.sessions, "session")}, under minSessions ${minSessions}`;
  return void 0;
}
function expectedValue(x) {
  const applies = typeof x.applies === "number" && x.applies >= 0 && x.applies <= 1 ? x.applies : 0.5;
  return applies * (typeof x.rate === "number" ? x.rate : 0);
}

// analyzer/kinds.ts
var KINDS2 = {
  chain: {
    prefix: "seq",
    category: "sequence",
    tokens: (key2) => {
      const steps = key2.split("->");
      return steps.length === 3 && steps.every(validStep) ? steps : void 0;
    },
    storeKey: (key2) => `seq:${key2}`,
    claim: (t) => chainClaimText(t),
    seed: (t, n) => `Frequent tool chain: ${t.join("->")} (seen ${n}x)`,
    counts: times
  },
  "error-retry": {
    prefix: "retry",
    category: "error_retry",
    tokens: (key2) => {
      const step = key2.replace(/ error-retry$/, "");
      return key2.endsWith(" error-retry") && validStep(step) ? [step] : void 0;
    },
    storeKey: (key2) => `retry:${key2.replace(/ error-retry$/, "")}`,
    claim: (t) => retryClaimText(t[0]),
    seed: (t, n) => `${t[0]} error-retry pairs detected (${n}x). Consider pre-validation.`,
    counts: times
  },
  ...Object.fromEntries(LEARNERS.map((m) => [m.kind, { prefix: m.prefix, category: m.category, storeKey: (key2) => key2, ...m.words }]))
};
function kindInfo(kind) {
  return typeof kind === "string" && Object.hasOwn(KINDS2, kind) ? KINDS2[kind] : void 0;
}
function safeSteps(rule) {
  const info = kindInfo(rule.kind);
  return info === void 0 || typeof rule.pattern !== "string" ? void 0 : info.tokens(rule.pattern);
}
function kindOfStoreKey(storeKey2) {
  if (storeKey2.startsWith("seq:")) return { kind: "chain", key: storeKey2.slice(4) };
  if (storeKey2.startsWith("retry:")) return { kind: "error-retry", key: `${storeKey2.slice(6)} error-retry` };
  for (const m of LEARNERS) if (storeKey2.startsWith(`${m.prefix}:`)) return { kind: m.kind, key: storeKey2 };
  return void 0;
}
var PER_PROJECT_KINDS = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.kind));
var PER_PROJECT_CATEGORIES = new Set(LEARNERS.filter((m) => m.perProject).map((m) => m.category));

// analyzer/tracked.ts
function isClaimKind(kind) {
  return kind !== "chain" && kind !== "error-retry";
}
function appliesOf(p) {
  if (!(p.sessionsInWindow > 0)) return 0;
  const n = p.kind === "command" ? p.opportunities : p.sessions;
  return Math.min(1, Math.max(0, n / p.sessionsInWindow));
}
function patternFacts(p) {
  return { key: patternStoreKey(p.kind, p.key), rate: p.rate, lift: p.lift, sessions: p.sessions, foldedInto: p.foldedInto, applies: appliesOf(p), observations: p.observations };
}
function whyNotTracked(p, config) {
  const pct3 = (v) => `${Math.round(v * 100)}%`;
  const low = `score ${pct3(p.confidence)} is below minConfidence ${pct3(config.minConfidence)}`;
  const folded = p.foldedInto === void 0 ? void 0 : `folded into ${p.foldedInto}, which starts the same cycle more often`;
  if (!isClaimKind(p.kind)) return p.confidence < config.minConfidence ? low : folded;
  if (folded !== void 0) return folded;
  if (!p.specific) return "its claim says no more than how common its steps are";
  if (p.confidence >= config.minConfidence) return void 0;
  const why = whyNotDelivered(patternFacts(p), config);
  return why === void 0 ? void 0 : `${low}, and its claim does not pass: ${why}`;
}
function isTracked(p, config) {
  if (p.foldedInto !== void 0) return false;
  if (!isClaimKind(p.kind)) return p.confidence >= config.minConfidence;
  return p.specific && (p.confidence >= config.minConfidence || whyNotDelivered(patternFacts(p), config) === void 0);
}
function keepTracked(list2, max, patternOf, config) {
  if (list2.length <= max) return [...list2];
  const worth = (t) => {
    const p = patternOf(t);
    return isClaimKind(p.kind) && p.specific && whyNotDelivered(patternFacts(p), config) === void 0;
  };
  const keep = new Set(list2.filter(worth).slice(0, max));
  for (const t of list2) {
    if (keep.size >= max) break;
    keep.add(t);
  }
  return list2.filter((t) => keep.has(t));
}

// analyzer/nearest.ts
var NEAREST = 3;
var round = (x) => Math.round(x * 1e4) / 1e4;
function nearestClaims(patterns, config, n = NEAREST) {
  const candidates = patterns.filter((p) => p.specific && p.foldedInto === void 0 && p.hits > 0 && typeof p.rate === "number" && !oneStepRepeated(patternFacts(p).key));
  const passes = (p) => whyNotDelivered(patternFacts(p), config) === void 0;
  return candidates.map((p) => ({ p, pass: passes(p), ev: expectedValue(patternFacts(p)) })).sort((a, b) => Number(b.pass) - Number(a.pass) || b.ev - a.ev || b.p.sessions - a.p.sessions || (a.p.key < b.p.key ? -1 : a.p.key > b.p.key ? 1 : 0)).slice(0, n).map(({ p }) => ({
    kind: p.kind,
    pattern: p.key,
    rate: round(p.rate),
    hits: p.hits,
    opportunities: p.opportunities,
    sessions: p.sessions,
    lift: Math.round(p.lift * 100) / 100,
    applies: round(patternFacts(p).applies ?? 0),
    observations: p.observations,
    ...p.details ? { details: p.details } : {}
  }));
}
function seenByProject(pa, config) {
  const out = {};
  for (const [id, a] of [...pa.projects].sort((x, y) => x[0] < y[0] ? -1 : 1)) out[id] = { sessions: a.sessionsInWindow, calls: a.recordsInWindow, nearest: nearestClaims(a.patterns, config) };
  return out;
}

// analyzer/window-figures.ts
function figuresSentence(f) {
  const carried = f.carriedProjects ? ` (with the history import learned for ${plural(f.carriedProjects, "project")})` : "";
  return `${plural(f.recordsInWindow, "tool call")} in ${plural(f.sessionsInWindow, "session")}; ${plural(f.patternsTracked, "pattern")} tracked${carried}`;
}
function lastAnalysisText(f, ranAt) {
  return `${JSON.stringify({ ...f, ranAt })}
`;
}

// analyzer/daily-summary.ts
var list = (xs) => xs.length === 0 ? "none" : xs.map(([k, n]) => `${k} (${n})`).join(", ");
var ids = (xs) => xs === void 0 || xs.length === 0 ? "none" : [...xs].sort().join(", ");
function renderDailySummary(a, events, figures) {
  const out = ["# homunculus daily summary", "", `Window: ${figures.windowStart} to ${figures.now}. ${figuresSentence(figures)}.`, ""];
  const quiet = (d) => d.calls === 0 && !events.created.get(d.day)?.length && !events.archived.get(d.day)?.length;
  const days = [...a.days].reverse();
  for (let i = 0; i < days.length; i++) {
    const d = days[i];
    if (quiet(d)) {
      let j = i;
      while (j + 1 < days.length && quiet(days[j + 1])) j++;
      out.push(j === i ? `## ${d.day}: no activity` : `## ${days[j].day} .. ${d.day}: no activity (${j - i + 1} days)`, "");
      i = j;
      continue;
    }
    out.push(`## ${d.day}`);
    out.push(`- Sessions: ${d.sessions}`);
    out.push(`- Tool calls: ${d.calls}`);
    out.push(`- Failures: ${d.failures}`);
    out.push(`- Top chains: ${list(d.topChains)}`);
    out.push(`- Error-retries: ${list(d.errorRetries)}`);
    out.push(`- Instincts created: ${ids(events.created.get(d.day))}`);
    out.push(`- Instincts archived: ${ids(events.archived.get(d.day))}`);
    out.push("");
  }
  return out.join("\n");
}

// lib/temporal-decay.ts
function decay(ageDays2, halfLifeDays) {
  return Math.pow(0.5, Math.max(0, ageDays2) / halfLifeDays);
}

// analyzer/streams.ts
function streamsInWindow(t, startMs, endMs, project, groupOf) {
  const nStreams = t.streams.length;
  const counts = new Int32Array(nStreams + 1);
  let inWindow = 0;
  let future = 0;
  const only = project !== void 0;
  const projectOf = t.project;
  const some = groupOf !== void 0;
  const skipStream = new Uint8Array(some ? nStreams : 0);
  if (some) t.streamSession.forEach((session, s) => skipStream[s] = groupOf[session] === -1 ? 1 : 0);
  for (let i = 0; i < t.length; i++) {
    if (only && projectOf[i] !== project || some && skipStream[t.stream[i]] === 1) continue;
    const ts = t.ts[i];
    if (ts > endMs) future++;
    else if (ts > startMs) {
      counts[t.stream[i] + 1]++;
      inWindow++;
    }
  }
  const starts = new Int32Array(nStreams + 1);
  for (let s = 0; s < nStreams; s++) starts[s + 1] = starts[s] + counts[s + 1];
  const fill = starts.slice(0, nStreams);
  const order = new Int32Array(inWindow);
  for (let i = 0; i < t.length; i++) {
    if (only && projectOf[i] !== project || some && skipStream[t.stream[i]] === 1) continue;
    const ts = t.ts[i];
    if (ts > startMs && ts <= endMs) order[fill[t.stream[i]]++] = i;
  }
  for (let s = 0; s < nStreams; s++) {
    const a = starts[s];
    const b = starts[s + 1];
    let sorted = true;
    for (let k = a + 1; k < b; k++) {
      if (t.ts[order[k]] < t.ts[order[k - 1]]) {
        sorted = false;
        break;
      }
    }
    if (!sorted) order.subarray(a, b).sort((x, y) => t.ts[x] - t.ts[y] || x - y);
  }
  return { order, starts, inWindow, future };
}

// analyzer/patterns.ts
function recordKeys(t, chainDetail) {
  const keys = [];
  const ids2 = /* @__PURE__ */ new Map();
  const id = (k) => {
    let i = ids2.get(k);
    if (i === void 0) {
      i = keys.length;
      keys.push(k);
      ids2.set(k, i);
    }
    return i;
  };
  const detailKey = new Int32Array(t.details.length).fill(-1);
  const keyOf2 = new Int32Array(t.length);
  const bash = t.tools.indexOf("Bash");
  const toolKey = Int32Array.from(t.tools, (name) => id(name));
  for (let i = 0; i < t.length; i++) {
    const tool = t.tool[i];
    const d = t.detail[i];
    if (chainDetail && tool === bash && d !== -1) {
      let k = detailKey[d];
      if (k === -1) k = detailKey[d] = id(`Bash(${t.details[d]})`);
      keyOf2[i] = k;
    } else {
      keyOf2[i] = toolKey[tool];
    }
  }
  return { keyOf: keyOf2, keys };
}
function bump(c, session, ts, weight, dayIndex) {
  c.n++;
  if (c.lastSession !== session) {
    c.perSession.push(1);
    c.lastSession = session;
  } else {
    c.perSession[c.perSession.length - 1]++;
  }
  c.decayByDay[dayIndex] += weight;
  if (ts < c.first) c.first = ts;
  if (ts > c.last) c.last = ts;
  c.perDay[dayIndex]++;
}
function streamsBySession(t, groupOf) {
  const nSessions = t.sessions.length;
  const at = new Int32Array(nSessions + 1);
  for (const s of t.streamSession) at[s + 1]++;
  for (let s = 0; s < nSessions; s++) at[s + 1] += at[s];
  const out = new Int32Array(t.streams.length);
  t.streamSession.forEach((session, stream) => out[at[session]++] = stream);
  if (groupOf === void 0) return out;
  const kept = out.filter((stream) => groupOf[t.streamSession[stream]] !== -1);
  return Int32Array.from([...kept].sort((a, b) => groupOf[t.streamSession[a]] - groupOf[t.streamSession[b]]));
}
var GroupLearnWalk = class {
  constructor(t, keyOf2, keys, order, dayStartMs, nDays, rate) {
    this.t = t;
    this.keyOf = keyOf2;
    this.keys = keys;
    this.order = order;
    this.dayStartMs = dayStartMs;
    this.nDays = nDays;
    this.rate = rate;
  }
  t;
  keyOf;
  keys;
  order;
  dayStartMs;
  nDays;
  rate;
  c0;
  hit(kind, key2, i, session) {
    const ts = this.t.ts[i];
    let c = this.c0.learned.get(key2);
    if (c === void 0) {
      c = newCount(kind, [], ts, this.nDays);
      c.key = key2;
      this.c0.learned.set(key2, c);
    }
    const dayIndex = Math.floor((ts - this.dayStartMs) / DAY_MS);
    bump(c, session, ts, dayWeight(ts, this.dayStartMs + (dayIndex + 1) * DAY_MS, this.rate), dayIndex);
    c.starts++;
  }
  add(total, n) {
    this.c0.totals.set(total, (this.c0.totals.get(total) ?? 0) + n);
  }
};
var GroupWalk = class {
  constructor(t, keyOf2, order, K, dayStartMs, nDays, rate) {
    this.t = t;
    this.keyOf = keyOf2;
    this.order = order;
    this.K = K;
    this.dayStartMs = dayStartMs;
    this.nDays = nDays;
    this.rate = rate;
    this.dense = K * K * K <= 1 << 18;
    this.chainSlot = this.dense ? new Int32Array(K * K * K).fill(-1) : new Int32Array(0);
  }
  t;
  keyOf;
  order;
  K;
  dayStartMs;
  nDays;
  rate;
  c0;
  chainIds = /* @__PURE__ */ new Map();
  chainList = [];
  retryOf = [];
  dense;
  chainSlot;
  open(c0) {
    this.c0 = c0;
    this.chainIds = /* @__PURE__ */ new Map();
    this.chainList = [];
    this.retryOf = new Array(this.K);
  }
  /** The group's patterns named and filed; its slots in the flat chain table freed for the next group. */
  close(keys) {
    const { c0, K } = this;
    for (const c of this.chainList) {
      c.key = `${keys[c.steps[0]]}->${keys[c.steps[1]]}->${keys[c.steps[2]]}`;
      c0.chains.set(c.key, c);
      if (this.dense) this.chainSlot[(c.steps[0] * K + c.steps[1]) * K + c.steps[2]] = -1;
    }
    for (const c of this.retryOf) {
      if (c === void 0) continue;
      c.key = `${keys[c.steps[0]]} error-retry`;
      c.starts = c.n;
      c0.errorRetries.set(c.key, c);
    }
    c0.activeDays = c0.days.filter((d) => d.calls > 0).length;
    return c0;
  }
  /** One stream's in-window records: order[a..b), in time order. */
  walk(a, b, session) {
    const { order, keyOf: keyOf2, K, dayStartMs, nDays, rate, dense, chainSlot, chainIds, chainList, retryOf, c0 } = this;
    const { ts: tsOf, ok: okOf } = this.t;
    const { days, dayDecay } = c0;
    const { calls: keyCalls, failedThenAny, okThenAny, okThenSame } = c0.keyStats;
    let calls = 0;
    for (let k = a; k < b; k++) {
      const i = order[k];
      const ts = tsOf[i];
      const dayIndex = Math.floor((ts - dayStartMs) / DAY_MS);
      const day = days[dayIndex];
      day.calls++;
      if (day.lastSession !== session) {
        day.sessions++;
        day.lastSession = session;
      }
      if (okOf[i] !== 1) day.failures++;
      const ki = keyOf2[i];
      keyCalls[ki]++;
      calls++;
      const weight = dayWeight(ts, dayStartMs + (dayIndex + 1) * DAY_MS, rate);
      dayDecay[dayIndex] += weight;
      if (k === a) continue;
      const p = order[k - 1];
      const kp = keyOf2[p];
      const retried = okOf[p] !== 1 && kp === ki;
      if (okOf[p] !== 1) {
        failedThenAny[kp]++;
        if (retried) bump(retryOf[ki] ??= newCount("error-retry", [ki], ts, nDays), session, ts, weight, dayIndex);
      } else {
        okThenAny[kp]++;
        if (kp === ki) okThenSame[kp]++;
      }
      if (k - a < 2) continue;
      const i1 = order[k - 2];
      const k1 = keyOf2[i1];
      const id = (k1 * K + kp) * K + ki;
      let c;
      if (dense) {
        const slot = chainSlot[id];
        if (slot === -1) {
          c = newCount("chain", [k1, kp, ki], ts, nDays);
          chainSlot[id] = chainList.length;
          chainList.push(c);
        } else {
          c = chainList[slot];
        }
      } else {
        c = chainIds.get(id);
        if (c === void 0) {
          c = newCount("chain", [k1, kp, ki], ts, nDays);
          chainIds.set(id, c);
          chainList.push(c);
        }
      }
      c.n++;
      if (c.lastSession !== session) {
        c.perSession.push(1);
        c.lastSession = session;
      } else {
        c.perSession[c.perSession.length - 1]++;
      }
      c.decayByDay[dayIndex] += weight;
      if (ts < c.first) c.first = ts;
      if (ts > c.last) c.last = ts;
      c.perDay[dayIndex]++;
      if (k - a < 3 || keyOf2[order[k - 3]] !== ki) c.starts++;
      if (retried || okOf[i1] !== 1 && k1 === kp) c.retries++;
    }
    c0.calls += calls;
  }
};
function countPatterns(t, opts) {
  const { day0, nDays } = windowDays(opts.windowStartMs, opts.nowMs);
  let all;
  forEachGroupCount(t, { ...opts, groupOf: void 0 }, (_, c) => all = c);
  return all ?? emptyCounted(recordKeys(t, opts.chainDetail).keys, day0, nDays);
}
function forEachGroupCount(t, opts, emit) {
  const { nowMs, windowStartMs, project, groupOf } = opts;
  const { keyOf: keyOf2, keys } = recordKeys(t, opts.chainDetail);
  const K = keys.length;
  const { day0, nDays } = windowDays(windowStartMs, nowMs);
  const dayStartMs = day0 * DAY_MS;
  const { order, starts, future } = streamsInWindow(t, windowStartMs, nowMs, project, groupOf);
  const futureOf = /* @__PURE__ */ new Map();
  if (future > 0) {
    if (groupOf === void 0) futureOf.set(0, future);
    else {
      const { ts: tsOf } = t;
      for (let i = 0; i < t.length; i++) {
        if (tsOf[i] <= nowMs || project !== void 0 && t.project[i] !== project) continue;
        const g = groupOf[t.streamSession[t.stream[i]]];
        if (g !== -1) futureOf.set(g, (futureOf.get(g) ?? 0) + 1);
      }
    }
  }
  const done = (g, c) => {
    c.future += futureOf.get(g) ?? 0;
    futureOf.delete(g);
    emit(g, c);
  };
  const rate = Math.LN2 / (opts.halfLifeDays * DAY_MS);
  const w = new GroupWalk(t, keyOf2, order, K, dayStartMs, nDays, rate);
  const lw = new GroupLearnWalk(t, keyOf2, keys, order, dayStartMs, nDays, rate);
  const learners = makeLearners({ fixWindowCalls: opts.fixWindowCalls ?? 10 });
  const endSession = (session) => {
    for (const l of learners) l.endSession?.(lw, session);
  };
  const bySession = streamsBySession(t, groupOf);
  let group = Number.NaN;
  let lastSession = -1;
  for (let si = 0; si < bySession.length; si++) {
    const s = bySession[si];
    const a = starts[s];
    const b = starts[s + 1];
    if (a === b) continue;
    const session = t.streamSession[s];
    const g = groupOf === void 0 ? 0 : groupOf[session];
    if (g !== group) {
      if (!Number.isNaN(group)) {
        endSession(lastSession);
        done(group, w.close(keys));
      }
      group = g;
      w.open(emptyCounted(keys, day0, nDays));
      lw.c0 = w.c0;
      lastSession = -1;
    }
    if (session !== lastSession) {
      if (lastSession !== -1) endSession(lastSession);
      w.c0.sessionsInWindow++;
      lastSession = session;
    }
    w.walk(a, b, session);
    for (const l of learners) l.stream(lw, a, b, session);
  }
  if (!Number.isNaN(group)) {
    endSession(lastSession);
    done(group, w.close(keys));
  }
  for (const [g, n] of futureOf) {
    const c = emptyCounted(keys, day0, nDays);
    c.future = n;
    emit(g, c);
  }
}

// analyzer/lift.ts
function chainLift(steps, n, stats, calls) {
  return n * calls * calls / (stats.calls[steps[0]] * stats.calls[steps[1]] * stats.calls[steps[2]]);
}
function retryLift(key2, retries, stats) {
  const afterFailure = retries / stats.failedThenAny[key2];
  const afterSuccess = (stats.okThenSame[key2] + 1) / (stats.okThenAny[key2] + 1);
  return afterFailure / afterSuccess;
}
function patternLift(p, stats, calls) {
  return p.kind === "chain" ? chainLift(p.steps, p.n, stats, calls) : retryLift(p.steps[0], p.n, stats);
}
function oneKeyRepeated(p) {
  return p.kind === "chain" && p.steps[0] === p.steps[1] && p.steps[1] === p.steps[2];
}

// analyzer/score.ts
function robustCount(h) {
  const m = histogramSessions(h);
  if (m < 2) return m === 1 ? h[0] : 0;
  const lo = h[0];
  const hi = h[h.length - 2];
  if (lo === hi) return lo * m;
  if (m === 2) return 2 * lo;
  const rank = Math.floor((m - 1) / 2);
  let median = lo;
  for (let i = 0, seen = 0; i < h.length; i += 2) {
    seen += h[i + 1];
    if (seen > rank) {
      median = h[i];
      break;
    }
  }
  let n = 0;
  for (let i = 0; i < h.length; i += 2) n += Math.min(h[i], median) * h[i + 1];
  return n;
}
var histogram = new Int32Array(256);
function lowerMedian(xs, lo, hi) {
  const rank = Math.floor((xs.length - 1) / 2);
  if (hi - lo >= histogram.length) return Float64Array.from(xs).sort()[rank];
  histogram.fill(0, 0, hi - lo + 1);
  for (let i = 0; i < xs.length; i++) histogram[xs[i] - lo]++;
  let seen = 0;
  for (let v = 0; ; v++) {
    seen += histogram[v];
    if (seen > rank) return v + lo;
  }
}
function robustCountOf(perSession) {
  const m = perSession.length;
  if (m < 2) return perSession[0] ?? 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    const x = perSession[i];
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (lo === hi) return lo * m;
  if (m === 2) return 2 * lo;
  const median = lowerMedian(perSession, lo, hi);
  let n = 0;
  for (let i = 0; i < m; i++) n += Math.min(perSession[i], median);
  return n;
}
function robustAndSessions(p) {
  return p.perSession.length > 0 ? [robustCountOf(p.perSession), p.perSession.length] : [robustCount(p.sessions), histogramSessions(p.sessions)];
}
function scoreKind(patterns, c, config, claimOf) {
  const list2 = [...patterns];
  const robust = new Float64Array(list2.length);
  const sessions = new Int32Array(list2.length);
  let reference = 0;
  let anyReference = 0;
  for (let i = 0; i < list2.length; i++) {
    const p = list2[i];
    const [r, m] = robustAndSessions(p);
    robust[i] = r;
    sessions[i] = m;
    if (r > anyReference) anyReference = r;
    if (m >= 2 && r > reference) reference = r;
  }
  if (reference === 0) reference = anyReference;
  const activeFrom = new Int32Array(c.days.length + 1);
  for (let d = c.days.length - 1; d >= 0; d--) activeFrom[d] = activeFrom[d + 1] + (c.days[d].calls > 0 ? 1 : 0);
  return list2.map((p, i) => {
    const frequency = Math.min(1, robust[i] / (config.saturateAt * reference));
    let days = 0;
    let firstDay = -1;
    for (let d = 0; d < p.perDay.length; d++) {
      if (p.perDay[d] === 0) continue;
      days++;
      if (firstDay === -1) firstDay = d;
    }
    const consistency = days / (days >= 2 ? activeFrom[firstDay] : c.activeDays);
    const recency = Math.min(1, p.decaySum / p.n / c.decayMean);
    const learner = p.kind === "chain" || p.kind === "error-retry" ? void 0 : learnerOf(p.kind);
    const lift = learner === void 0 ? patternLift(p, c.keyStats, c.calls) : learner.lift(p, c);
    const minLift = minLiftOf(patternStoreKey(p.kind, p.key), config);
    const claim = claimOf(p);
    const details = learner?.details?.(p, c);
    return {
      // Counted by the walk or a learner of the list: one of the kinds.
      kind: p.kind,
      key: p.key,
      observations: p.n,
      sessions: sessions[i],
      sessionsInWindow: c.sessionsInWindow,
      days,
      activeDays: c.activeDays,
      frequency,
      consistency,
      recency,
      confidence: Math.min(config.maxConfidence, frequency * consistency * recency),
      lift,
      specific: lift >= minLift && !oneKeyRepeated(p),
      starts: p.starts,
      retries: p.retries,
      claim: claim.claim,
      hits: claim.hits,
      opportunities: claim.opportunities,
      rate: shrunkRate(claim.hits, claim.opportunities, claim.prior, config.ratePriorWeight),
      prior: claim.prior,
      firstSeen: p.first,
      lastSeen: p.last,
      ...details !== void 0 ? { details } : {}
    };
  });
}
function byStrength(a, b) {
  return b.confidence - a.confidence || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

// analyzer/folding.ts
function startsFirst(a, b) {
  return b.starts - a.starts || b.observations - a.observations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
function foldRotations(chains, stepsOf2, K) {
  const byId = /* @__PURE__ */ new Map();
  const ids2 = new Float64Array(chains.length);
  for (let i = 0; i < chains.length; i++) {
    const s = stepsOf2(chains[i].key);
    ids2[i] = (s[0] * K + s[1]) * K + s[2];
    byId.set(ids2[i], chains[i]);
  }
  const done = /* @__PURE__ */ new Set();
  for (let i = 0; i < chains.length; i++) {
    const p = chains[i];
    if (done.has(p)) continue;
    done.add(p);
    const id = ids2[i];
    const a = Math.floor(id / (K * K));
    const bc = id - a * K * K;
    const q = byId.get(bc * K + a);
    const r = byId.get(bc % K * K * K + a * K + Math.floor(bc / K));
    const other = q !== void 0 && q !== p ? q : void 0;
    const third = r !== void 0 && r !== p && r !== q ? r : void 0;
    if (other === void 0 && third === void 0) continue;
    let head = p;
    if (other !== void 0 && startsFirst(other, head) < 0) head = other;
    if (third !== void 0 && startsFirst(third, head) < 0) head = third;
    if (other !== void 0) done.add(other);
    if (third !== void 0) done.add(third);
    if (p !== head) p.foldedInto = head.key;
    if (other !== void 0 && other !== head) other.foldedInto = head.key;
    if (third !== void 0 && third !== head) third.foldedInto = head.key;
  }
}
function foldRetries(chains, retries) {
  for (const p of chains) {
    if (p.foldedInto !== void 0 || 2 * p.retries < p.observations) continue;
    const [a, b, c] = p.key.split("->");
    const target = retries.get(`${b === c ? b : a} error-retry`);
    if (target !== void 0) p.foldedInto = target.key;
  }
}
function foldPatterns(patterns, stepsOf2, K) {
  const chains = [];
  const retries = /* @__PURE__ */ new Map();
  for (const p of patterns) {
    if (p.kind === "chain") chains.push(p);
    else retries.set(p.key, p);
  }
  foldRotations(chains, stepsOf2, K);
  foldRetries(chains, retries);
}
function foldAcrossScopes(all, projects, config) {
  const headOf = /* @__PURE__ */ new Map();
  for (const p of all.patterns) {
    if (p.kind !== "chain" || p.foldedInto === void 0 || p.foldedInto.endsWith(" error-retry")) continue;
    headOf.set(p.key, p.foldedInto);
    headOf.set(p.foldedInto, p.foldedInto);
  }
  if (headOf.size === 0) return;
  for (const a of projects) {
    if (a === all) continue;
    const members = a.patterns.filter((p) => headOf.has(p.key));
    const present = new Set(members.map((p) => p.key));
    let changed = false;
    for (const p of members) {
      const head = headOf.get(p.key);
      if (p.foldedInto !== void 0 && p.foldedInto.endsWith(" error-retry") || !present.has(head)) continue;
      const next = head === p.key ? void 0 : head;
      if (p.foldedInto !== next) {
        if (next === void 0) delete p.foldedInto;
        else p.foldedInto = next;
        changed = true;
      }
    }
    if (changed) a.tracked = keepTracked(a.patterns.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
  }
}

// analyzer/window-claims.ts
function prefixTotals(c) {
  const K = c.keys.length;
  const out = /* @__PURE__ */ new Map();
  for (const p of c.chains.values()) {
    const id = p.steps[0] * K + p.steps[1];
    out.set(id, (out.get(id) ?? 0) + p.n);
  }
  return out;
}
function countedClaims(c) {
  const totals = prefixTotals(c);
  const K = c.keys.length;
  const { calls, failedThenAny, okThenAny, okThenSame } = c.keyStats;
  return (p) => {
    if (p.kind !== "chain" && p.kind !== "error-retry") return learnerOf(p.kind).claim(p, c);
    if (p.kind === "chain") {
      const steps = p.steps.map((s) => c.keys[s]);
      return {
        claim: chainClaimText(steps),
        hits: p.n,
        opportunities: totals.get(p.steps[0] * K + p.steps[1]) ?? p.n,
        prior: c.calls > 0 ? calls[p.steps[2]] / c.calls : 0
      };
    }
    const k = p.steps[0];
    return {
      claim: retryClaimText(c.keys[k]),
      hits: p.n,
      opportunities: Math.max(p.n, failedThenAny[k]),
      prior: (okThenSame[k] + 1) / (okThenAny[k] + 2)
    };
  };
}

// analyzer/analyze.ts
var TOP = 3;
function topByDay(counts, nDays, skip, n) {
  const tops = Array.from({ length: nDays }, () => []);
  const before = (v, key2, x) => v > x[1] || v === x[1] && key2 < x[0];
  for (const c of counts) {
    if (skip.has(c.key)) continue;
    for (let d = 0; d < nDays; d++) {
      const v = c.perDay[d];
      const t = tops[d];
      if (v === 0 || t.length === n && !before(v, c.key, t[n - 1])) continue;
      let i = t.length;
      while (i > 0 && before(v, c.key, t[i - 1])) i--;
      t.splice(i, 0, [c.key, v]);
      if (t.length > n) t.pop();
    }
  }
  return tops;
}
function analyze(t, nowMs, config, project, windowStartMs = nowMs - config.windowDays * DAY_MS) {
  return analysisOf(countPatterns(t, { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls, project }), nowMs, config, windowStartMs);
}
var byKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
function analysisOf(counted, nowMs, config, windowStartMs = nowMs - config.windowDays * DAY_MS) {
  finishCounted(counted, nowMs, config.halfLifeDays);
  const claimOf = countedClaims(counted);
  const all = scoreKind(counted.chains.values(), counted, config, claimOf).concat(scoreKind(counted.errorRetries.values(), counted, config, claimOf));
  const byKind = /* @__PURE__ */ new Map();
  for (const p of counted.learned.values()) {
    const group = learnerOf(p.kind)?.scoreGroup?.(p) ?? p.kind;
    const list2 = byKind.get(group);
    if (list2 === void 0) byKind.set(group, [p]);
    else list2.push(p);
  }
  for (const list2 of byKind.values()) all.push(...scoreKind(list2, counted, config, claimOf));
  foldPatterns(all, (key2) => counted.chains.get(key2).steps, counted.keys.length);
  const isStrong = (p) => p.confidence >= config.minConfidence || isTracked(p, config);
  const strong = all.filter(isStrong).sort(byStrength);
  const patterns = strong.concat(all.filter((p) => !isStrong(p)).sort(byKey));
  const folded = /* @__PURE__ */ new Set();
  for (const p of all) if (p.foldedInto !== void 0) folded.add(p.key);
  const tracked = keepTracked(strong.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
  const topChains = topByDay(counted.chains.values(), counted.days.length, folded, TOP);
  const topRetries = topByDay(counted.errorRetries.values(), counted.days.length, folded, TOP);
  const days = counted.days.map((d, i) => ({
    day: utcDay((counted.day0 + i) * DAY_MS),
    sessions: d.sessions,
    calls: d.calls,
    failures: d.failures,
    topChains: topChains[i],
    errorRetries: topRetries[i]
  }));
  let prefixes;
  const prefixOpportunities = (prefix) => {
    if (prefixes === void 0) {
      prefixes = /* @__PURE__ */ new Map();
      for (const p of counted.chains.values()) {
        const k = `${counted.keys[p.steps[0]]}->${counted.keys[p.steps[1]]}`;
        prefixes.set(k, (prefixes.get(k) ?? 0) + p.n);
      }
    }
    return prefixes.get(prefix) ?? 0;
  };
  const out = { nowMs, windowStartMs, recordsInWindow: counted.calls, future: counted.future, sessionsInWindow: counted.sessionsInWindow, activeDays: counted.activeDays, patterns, tracked, days };
  return withPrefixes(out, prefixOpportunities);
}
function withPrefixes(a, prefixOpportunities) {
  Object.defineProperty(a, "prefixOpportunities", { value: prefixOpportunities, enumerable: false, writable: true, configurable: true });
  return a;
}

// analyzer/history.ts
var emptyHistory = () => ({ version: 1, projects: {} });
function addEvidence(carried, live2, config) {
  const hits = carried.hits + live2.hits;
  const opportunities = carried.opportunities + live2.opportunities;
  const weight = (p) => Math.max(1, p.opportunities);
  const prior = typeof live2.prior === "number" ? typeof carried.prior === "number" ? (carried.prior * weight(carried) + live2.prior * weight(live2)) / (weight(carried) + weight(live2)) : live2.prior : carried.prior;
  const lift = (carried.lift * weight(carried) + live2.lift * weight(live2)) / (weight(carried) + weight(live2));
  const out = {
    ...live2,
    observations: carried.observations + live2.observations,
    sessions: carried.sessions + live2.sessions,
    sessionsInWindow: carried.sessionsInWindow + live2.sessionsInWindow,
    confidence: Math.max(carried.confidence, live2.confidence),
    hits,
    opportunities,
    rate: typeof prior === "number" ? shrunkRate(hits, opportunities, prior, config.ratePriorWeight) : live2.rate,
    lift,
    specific: live2.specific && carried.specific && lift >= minLiftOf(patternStoreKey(live2.kind, live2.key), config),
    firstSeen: Math.min(carried.firstSeen, live2.firstSeen),
    lastSeen: Math.max(carried.lastSeen, live2.lastSeen)
  };
  if (typeof prior === "number") out.prior = prior;
  return out;
}
function mergeCarried(pa, history, nowMs, config) {
  const merged = [];
  const changed = [];
  for (const [id, carried] of Object.entries(history.projects)) {
    const live2 = pa.projects.get(id);
    const ageDays2 = Math.max(0, (nowMs - Date.parse(carried.importedAt)) / DAY_MS);
    const factor = decay(ageDays2, config.halfLifeDays);
    const byKey2 = new Map((live2?.patterns ?? []).map((p) => [`${p.kind}:${p.key}`, p]));
    let any = false;
    for (const c of carried.patterns) {
      const k = `${c.kind}:${c.key}`;
      const mine = byKey2.get(k);
      if (mine !== void 0) {
        byKey2.set(k, addEvidence({ ...c, sessionsInWindow: carried.sessions }, mine, config));
        any = true;
        continue;
      }
      const confidence = c.confidence * factor;
      if (!carriedTracked({ ...c, confidence }, factor, config)) continue;
      byKey2.set(k, { ...c, confidence, recency: c.recency * factor, sessionsInWindow: carried.sessions + (live2?.sessionsInWindow ?? 0) });
      any = true;
    }
    if (!any) continue;
    const patterns = [...byKey2.values()].sort(byStrength);
    const carriedPrefixes = carried.prefixes ?? {};
    const livePrefixes = live2?.prefixOpportunities;
    const prefixOpportunities = (prefix) => (Object.hasOwn(carriedPrefixes, prefix) ? carriedPrefixes[prefix] : 0) + (livePrefixes?.(prefix) ?? 0);
    const a = withPrefixes(
      live2 ? { ...live2, patterns } : { nowMs, windowStartMs: nowMs - config.windowDays * DAY_MS, recordsInWindow: 0, future: 0, sessionsInWindow: 0, activeDays: 0, patterns, tracked: [], days: [] },
      prefixOpportunities
    );
    a.tracked = keepTracked(patterns.filter((p) => isTracked(p, config)), config.maxInstincts, (p) => p, config);
    pa.projects.set(id, a);
    changed.push(a);
    merged.push(id);
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return merged;
}
function carriedTracked(p, factor, config) {
  return isTracked(p, config) && (p.confidence >= config.minConfidence || factor >= 0.5);
}

// analyzer/projects.ts
function projectsInWindow(t, startMs, endMs) {
  const ids2 = /* @__PURE__ */ new Set();
  let unnamed = false;
  for (let i = 0; i < t.length; i++) {
    const ts = t.ts[i];
    if (ts <= startMs || ts > endMs) continue;
    const p = t.project[i];
    if (p === -1) unnamed = true;
    else ids2.add(p);
  }
  return { ids: ids2, unnamed };
}
function analyzeProjects(t, nowMs, config) {
  const all = analyze(t, nowMs, config);
  const projects = /* @__PURE__ */ new Map();
  const { ids: ids2, unnamed } = projectsInWindow(t, all.windowStartMs, nowMs);
  if (ids2.size === 1 && !unnamed) {
    projects.set(t.projects[[...ids2][0]], all);
    return { all, projects };
  }
  if (ids2.size === 0) return unnamed ? { all, projects, unattributed: all } : { all, projects };
  for (const p of [...ids2].sort((a, b) => t.projects[a] < t.projects[b] ? -1 : 1)) {
    projects.set(t.projects[p], analyze(t, nowMs, config, p));
  }
  foldAcrossScopes(all, projects.values(), config);
  return unnamed ? { all, projects, unattributed: analyze(t, nowMs, config, -1) } : { all, projects };
}

// analyzer/table-builder.ts
var Interner = class {
  values = [];
  index = /* @__PURE__ */ new Map();
  id(v) {
    let i = this.index.get(v);
    if (i === void 0) {
      const own = Buffer.from(v, "utf8").toString("utf8");
      i = this.values.length;
      this.values.push(own);
      this.index.set(own, i);
    }
    return i;
  }
};
function sameIds(map) {
  for (let i = 0; i < map.length; i++) if (map[i] !== i) return false;
  return true;
}
var TableBuilder = class {
  length = 0;
  cap;
  ts;
  stream;
  tool;
  detail;
  ok;
  project;
  /** The tool-use ids' hashes (0: none), for the checks; in the built table only with `ids`. */
  id;
  keepIds;
  streams = new Interner();
  sessions = new Interner();
  tools = new Interner();
  details = new Interner();
  projects = new Interner();
  streamSession = [];
  /** Records dropped as a repeat of a tool-use id (see the top of this file). */
  duplicates = 0;
  // Per stream, a ring of the ids and tools (builder ids) of its last DEDUP_WINDOW records, how
  // many it holds and its next slot; whether it is filled (see `known`); and within the file
  // being joined, how many of the stream's records were checked.
  ringId = new Int32Array(DEDUP_WINDOW * 16);
  ringTool = new Int32Array(DEDUP_WINDOW * 16);
  ringFill = new Uint8Array(16);
  ringNext = new Uint8Array(16);
  ringReady = new Uint8Array(16);
  checked = new Uint8Array(16);
  // The rings of the streams below knownStreams are filled from the records before knownEnd when
  // first needed (fillRing), not as those records were added: a table copied whole (a cached day
  // resumed: 100,000 records) costs nothing for its streams that get no new record, and a join
  // looks back once per stream and file.
  knownEnd = 0;
  knownStreams = 0;
  /** The ids of the last file joined (addRecords): its slices continue it. */
  fileIds;
  /** With `ids`, the built table keeps the id column (one file's table, which joins check later). */
  constructor(capacity = 1024, opts = {}) {
    this.cap = capacity;
    this.ts = new Float64Array(capacity);
    this.stream = new Int32Array(capacity);
    this.tool = new Int32Array(capacity);
    this.detail = new Int32Array(capacity);
    this.ok = new Uint8Array(capacity);
    this.project = new Int32Array(capacity);
    this.id = new Int32Array(capacity);
    this.keepIds = opts.ids === true;
  }
  grow() {
    this.cap = Math.max(16, this.cap * 2);
    const grow = (a, make) => {
      const b = make(this.cap);
      b.set(a);
      return b;
    };
    this.ts = grow(this.ts, (n) => new Float64Array(n));
    this.stream = grow(this.stream, (n) => new Int32Array(n));
    this.tool = grow(this.tool, (n) => new Int32Array(n));
    this.detail = grow(this.detail, (n) => new Int32Array(n));
    this.ok = grow(this.ok, (n) => new Uint8Array(n));
    this.project = grow(this.project, (n) => new Int32Array(n));
    this.id = grow(this.id, (n) => new Int32Array(n));
  }
  /** Room in the rings for stream ids below `streams`. */
  growRings(streams) {
    let n = this.ringFill.length;
    if (n >= streams) return;
    while (n < streams) n *= 2;
    const grow = (a, b) => (b.set(a), b);
    this.ringId = grow(this.ringId, new Int32Array(n * DEDUP_WINDOW));
    this.ringTool = grow(this.ringTool, new Int32Array(n * DEDUP_WINDOW));
    this.ringFill = grow(this.ringFill, new Uint8Array(n));
    this.ringNext = grow(this.ringNext, new Uint8Array(n));
    this.ringReady = grow(this.ringReady, new Uint8Array(n));
    this.checked = grow(this.checked, new Uint8Array(n));
  }
  remember(stream, tool, id) {
    const base = stream * DEDUP_WINDOW;
    const at = this.ringNext[stream];
    this.ringId[base + at] = id;
    this.ringTool[base + at] = tool;
    this.ringNext[stream] = at + 1 === DEDUP_WINDOW ? 0 : at + 1;
    if (this.ringFill[stream] < DEDUP_WINDOW) this.ringFill[stream]++;
  }
  /** A stream's ring from its last records before knownEnd (oldest first, as they were added). */
  fillRing(stream) {
    this.ringReady[stream] = 1;
    this.ringFill[stream] = 0;
    this.ringNext[stream] = 0;
    const st = this.stream;
    const found = [];
    for (let i = this.knownEnd - 1; i >= 0 && found.length < DEDUP_WINDOW; i--) if (st[i] === stream) found.push(i);
    for (let k = found.length - 1; k >= 0; k--) this.remember(stream, this.tool[found[k]], this.id[found[k]]);
  }
  /** Whether the stream's ring holds this id with this tool (filling it first when it is not yet). */
  inRing(stream, tool, id) {
    if (stream < this.knownStreams && this.ringReady[stream] === 0) this.fillRing(stream);
    const base = stream * DEDUP_WINDOW;
    const end = base + this.ringFill[stream];
    const ringId = this.ringId;
    for (let k = base; k < end; k++) {
      if (ringId[k] === id && this.ringTool[k] === tool) return true;
    }
    return false;
  }
  // Stream ids by session, then by agent: no string is built per record.
  mainStreams = /* @__PURE__ */ new Map();
  agentStreams = /* @__PURE__ */ new Map();
  streamId(session, agentId) {
    if (agentId === void 0) {
      let s2 = this.mainStreams.get(session);
      if (s2 === void 0) {
        s2 = this.newStream(session, session);
        this.mainStreams.set(session, s2);
      }
      return s2;
    }
    let agents = this.agentStreams.get(session);
    if (agents === void 0) this.agentStreams.set(session, agents = /* @__PURE__ */ new Map());
    let s = agents.get(agentId);
    if (s === void 0) {
      s = this.newStream(`${session}\0${agentId}`, session);
      agents.set(agentId, s);
    }
    return s;
  }
  newStream(name, session) {
    const before = this.streams.values.length;
    const s = this.streams.id(name);
    if (s === before) this.streamSession.push(this.sessions.id(session));
    return s;
  }
  /**
   * Adds a record (id: its tool-use id's idHash, 0 for none). The records of one file are checked
   * once it is read (dropRepeats), in a pass of their own: checked here, the reader's per-line
   * path grew too large to stay fast.
   */
  add(ts, tool, ok, session, agentId, detail, project, id = 0, stop) {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.ts[i] = ts;
    this.stream[i] = this.streamId(session, agentId);
    this.tool[i] = this.tools.id(tool);
    this.detail[i] = detail === void 0 ? -1 : this.details.id(detail);
    this.ok[i] = ok ? OK : stop === void 0 ? FAILED : okByte(false, stop);
    this.project[i] = project === void 0 ? -1 : this.projects.id(project);
    this.id[i] = id;
  }
  /** Where the records added next start: for dropRepeats. */
  mark() {
    return { records: this.length, streams: this.streams.values.length };
  }
  /**
   * Drops the records added since `from` (mark()) that repeat a call: whose id and tool are those
   * of one of the DEDUP_WINDOW records before it in its stream (those before `from` included: a
   * cached file's records, with its new lines after them). Returns how many it dropped.
   */
  dropRepeats(from) {
    const n = this.length;
    this.growRings(this.streams.values.length);
    this.knownEnd = from.records;
    this.knownStreams = from.streams;
    this.fileIds = void 0;
    this.ringReady.fill(0);
    this.ringFill.fill(0);
    this.ringNext.fill(0);
    const { stream, tool, id, ringReady } = this;
    const known = from.streams;
    let j = from.records;
    for (let i = from.records; i < n; i++) {
      const st = stream[i];
      const tl = tool[i];
      const h = id[i];
      if (st < known && ringReady[st] === 0) this.fillRing(st);
      if (h !== 0 && this.inRing(st, tl, h)) continue;
      this.remember(st, tl, h);
      if (j !== i) this.move(i, j);
      j++;
    }
    this.length = j;
    this.duplicates += n - j;
    return n - j;
  }
  /** Record i to position j (j < i), in every column. */
  move(i, j) {
    this.ts[j] = this.ts[i];
    this.stream[j] = this.stream[i];
    this.tool[j] = this.tool[i];
    this.detail[j] = this.detail[i];
    this.ok[j] = this.ok[i];
    this.project[j] = this.project[i];
    this.id[j] = this.id[i];
  }
  /**
   * Appends every record of another table (used to join per-file tables in day order), or with
   * `keep` (per stream of t) the records of the streams kept.
   */
  addTable(t, keep) {
    this.addRecords(t, this.idsOf(t, keep), keep);
  }
  /**
   * This builder's ids for the streams (-1 where `keep` has 0), tools, details and projects of a
   * table's string arrays: worked out once for the slices of one file (addRecords).
   */
  idsOf(t, keep) {
    const before = this.streams.values.length;
    return {
      streams: t.streams.map((name, s) => {
        if (keep !== void 0 && keep[s] === 0) return -1;
        const session = t.sessions[t.streamSession[s]];
        const sep4 = name.indexOf("\0");
        return this.streamId(session, sep4 === -1 ? void 0 : name.slice(sep4 + 1));
      }),
      tools: t.tools.map((v) => this.tools.id(v)),
      details: t.details.map((v) => this.details.id(v)),
      projects: t.projects.map((v) => this.projects.id(v)),
      streamsBefore: before
    };
  }
  /**
   * Appends the records of t whose stream is kept (all with no `keep`), through ids from
   * idsOf(t, keep). t is one file's table, or a slice of it (the slices of one file share their
   * ids): the first DEDUP_WINDOW records of each stream in the file are dropped when their id
   * and tool are those of one of the stream's last DEDUP_WINDOW records in the files before it.
   */
  addRecords(t, ids2, keep) {
    const { streams: streamMap, tools: toolMap, details: detailMap, projects: projectMap } = ids2;
    let n = t.length;
    if (keep !== void 0) {
      n = 0;
      for (let i = 0; i < t.length; i++) n += keep[t.stream[i]];
    }
    while (this.cap < this.length + n) this.grow();
    const at = this.length;
    const { stream, tool, detail, project, ts, ok, id } = this;
    const { stream: tStream, tool: tTool, detail: tDetail, project: tProject, id: tId } = t;
    if (ids2 !== this.fileIds) {
      this.fileIds = ids2;
      this.knownEnd = at;
      this.knownStreams = ids2.streamsBefore;
      this.growRings(this.streams.values.length);
      this.ringReady.fill(0);
      this.checked.fill(0);
    }
    if (keep === void 0 && at === 0 && sameIds(streamMap) && sameIds(toolMap) && sameIds(detailMap) && sameIds(projectMap)) {
      ts.set(t.ts, at);
      ok.set(t.ok, at);
      stream.set(tStream.subarray(0, n), at);
      tool.set(tTool.subarray(0, n), at);
      detail.set(tDetail.subarray(0, n), at);
      project.set(tProject.subarray(0, n), at);
      if (tId !== void 0) id.set(tId.subarray(0, n), at);
      this.length = at + n;
      this.knownEnd = this.length;
      this.knownStreams = this.streams.values.length;
      return;
    }
    const { knownStreams, checked } = this;
    let j = at;
    for (let i = 0; i < t.length; i++) {
      const st = streamMap[tStream[i]];
      if (st === -1) continue;
      const tl = toolMap[tTool[i]];
      const h = tId === void 0 ? 0 : tId[i];
      if (st < knownStreams && checked[st] < DEDUP_WINDOW) {
        checked[st]++;
        if (h !== 0 && this.inRing(st, tl, h)) {
          this.duplicates++;
          continue;
        }
      }
      ts[j] = t.ts[i];
      ok[j] = t.ok[i];
      stream[j] = st;
      tool[j] = tl;
      const d = tDetail[i];
      detail[j] = d === -1 ? -1 : detailMap[d];
      const pr = tProject[i];
      project[j] = pr === -1 ? -1 : projectMap[pr];
      id[j] = h;
      j++;
    }
    this.length = j;
  }
  build() {
    const n = this.length;
    if (!this.keepIds) oneProjectPerSession(this.ts, this.stream, this.project, this.streamSession, this.sessions.values.length, n);
    return {
      length: n,
      ts: this.ts.subarray(0, n),
      stream: this.stream.subarray(0, n),
      tool: this.tool.subarray(0, n),
      detail: this.detail.subarray(0, n),
      ok: this.ok.subarray(0, n),
      project: this.project.subarray(0, n),
      ...this.keepIds ? { id: this.id.subarray(0, n) } : {},
      projects: this.projects.values,
      streams: this.streams.values,
      streamSession: this.streamSession,
      sessions: this.sessions.values,
      tools: this.tools.values,
      details: this.details.values
    };
  }
};
function oneProjectPerSession(ts, stream, project, streamSession, nSessions, n) {
  if (nSessions === 0) return;
  const firstTs = new Float64Array(nSessions).fill(Infinity);
  const first = new Int32Array(nSessions).fill(-1);
  for (let i = 0; i < n; i++) {
    const p = project[i];
    if (p === -1) continue;
    const s = streamSession[stream[i]];
    if (ts[i] < firstTs[s]) {
      firstTs[s] = ts[i];
      first[s] = p;
    }
  }
  for (let i = 0; i < n; i++) {
    const f = first[streamSession[stream[i]]];
    if (f !== -1 && project[i] !== f) project[i] = f;
  }
}

// store/promotion/observed.ts
var import_node_path10 = require("node:path");

// lib/short-id.ts
var MAX_ID_LENGTH = 60;
var HASH_PART = 9;
function cappedId(base, hash8) {
  const room = MAX_ID_LENGTH - HASH_PART;
  let head = base.slice(0, room);
  const dash = head.lastIndexOf("-");
  if (base.length > room && base[room] !== "-" && dash >= room * 0.6) head = head.slice(0, dash);
  head = head.replace(/^-+|-+$/g, "");
  return head ? `${head}-${hash8}` : hash8;
}

// analyzer/instinct-file.ts
var SIMPLE_KEY = /^[A-Za-z0-9]+(?:->[A-Za-z0-9]+)*(?: error-retry)?$/;
function slugBase(kind, key2) {
  const named = kind === "chain" || kind === "error-retry" ? `${kind}-${key2.replace(/ error-retry$/, "")}` : key2;
  return named.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
function slugFor(kind, key2) {
  const base = slugBase(kind, key2).replace(/^-+|-+$/g, "");
  return SIMPLE_KEY.test(key2) && base.length <= MAX_ID_LENGTH ? base : cappedId(base, fnv1a64Hex(`${kind}:${key2}`).slice(0, 8));
}
var SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var round2 = (x, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
var pct2 = (x) => `${Math.round(x * 100)}%`;
function title(kind, pattern) {
  return kind === "chain" ? `${pattern} chain` : pattern;
}
function metaFor(p, previous, nowIso) {
  const first = new Date(p.firstSeen).toISOString();
  return {
    id: slugFor(p.kind, p.key),
    kind: p.kind,
    pattern: p.key,
    confidence: round2(p.confidence),
    observations: p.observations,
    sessions: p.sessions,
    sessions_in_window: p.sessionsInWindow,
    first_seen: previous && previous.first_seen < first ? previous.first_seen : first,
    last_seen: new Date(p.lastSeen).toISOString(),
    state: "active",
    frequency: round2(p.frequency),
    consistency: round2(p.consistency),
    recency: round2(p.recency),
    lift: round2(p.lift, 2),
    created: previous?.created ?? nowIso
  };
}
function yamlValue(v) {
  return typeof v === "number" ? String(v) : JSON.stringify(v);
}
function renderInstinct(m, extraBody = []) {
  const front = Object.entries(m).map(([k, v]) => `${k}: ${yamlValue(v)}`);
  return [
    "---",
    ...front,
    "---",
    `# Instinct: ${title(m.kind, m.pattern)}`,
    `- Confidence: ${pct2(m.confidence)}`,
    `- Observations: ${m.observations}`,
    `- First seen: ${m.first_seen.slice(0, 10)}`,
    `- Last seen: ${m.last_seen.slice(0, 10)}`,
    `- Sessions: ${m.sessions}/${m.sessions_in_window}`,
    ...extraBody,
    ""
  ].join("\n");
}
function parseInstinct(text) {
  if (!text.startsWith("---\n")) return void 0;
  const end = text.indexOf("\n---\n", 4);
  if (end === -1) return void 0;
  const meta = {};
  for (const line of text.slice(4, end).split("\n")) {
    const m = /^([a-z_]+): (.*)$/.exec(line);
    if (!m) return void 0;
    try {
      const v = JSON.parse(m[2]);
      if (typeof v !== "string" && typeof v !== "number") return void 0;
      meta[m[1]] = v;
    } catch {
      return void 0;
    }
  }
  if (typeof meta["id"] !== "string" || !SLUG.test(meta["id"]) || typeof meta["pattern"] !== "string") return void 0;
  return meta;
}

// store/model/model.ts
var SOURCES = ["observed", "user_correction", "taught", "imported"];
function observedSource(x) {
  return x != null && (x.source === "observed" || x.source === "user_correction");
}
var STATES = ["active", "approved", "decaying", "stale", "evolved", "archived"];
var DOMAIN = /^[a-z0-9][a-z0-9-]{0,39}$/;
var PROJECT_ID = /^[0-9a-f]{12}$/;
var MAX_SESSION_IDS = 20;
var MAX_EVIDENCE = 20;
function zeroFeedback() {
  return { confirmed: 0, contradicted: 0, corrected: 0, suggested: 0, inactive: 0 };
}

// store/model/lifecycle.ts
var round4 = (x) => Math.round(x * 1e4) / 1e4;
var WEEK_MS = 7 * DAY_MS;
function clamp(x, c) {
  return round4(Math.min(c.maxConfidence, Math.max(0, x)));
}
function parseLevel(v) {
  if (v === "raw") return "seedling";
  return v === "seedling" || v === "mature" || v === "rule" || v === "universal" ? v : void 0;
}
function levelOf(x, c) {
  if (x.projects >= c.universalProjects) return "universal";
  if (x.promoted) return "rule";
  if (!observedSource(x) && x.observations >= c.ruleObservations && x.confidence >= c.ruleConfidence) return "rule";
  if (x.observations >= c.matureObservations && x.confidence >= c.matureConfidence) return "mature";
  return "seedling";
}
function decayed(stored, lastSeenMs, nowMs, c) {
  const past = nowMs - lastSeenMs - c.taughtGraceDays * DAY_MS;
  if (!(past > 0)) return stored;
  const weeks = Math.floor(past / WEEK_MS);
  if (weeks === 0) return stored;
  return round4(Math.min(stored, Math.max(c.taughtFloor, stored - weeks * c.taughtDecayPerWeek)));
}
function effective(x, nowMs, c) {
  if (observedSource(x)) return x.confidence;
  return decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
}
function feedbackDelta(kind, confirmed, c) {
  if (kind === "correct") return -c.correctDelta;
  if (kind === "contradict") return -c.contradictDelta;
  if (confirmed >= c.confirmQuarterAfter) return c.confirmDelta / 4;
  if (confirmed >= c.confirmHalveAfter) return c.confirmDelta / 2;
  return c.confirmDelta;
}
function stateOf(x, nowMs, c) {
  if (x.archived) return "archived";
  if (x.evolved_to) return "evolved";
  if (nowMs - Date.parse(x.last_seen) >= c.pruneReviewUnseenDays * DAY_MS) return "stale";
  if (!observedSource(x) && x.effective < x.stored) return "decaying";
  if (x.effective >= c.approvedAt) return "approved";
  return "active";
}
function pruneCategory(effectiveConfidence, lastSeenMs, nowMs, c) {
  const days = (nowMs - lastSeenMs) / DAY_MS;
  const pct3 = (x) => `${Math.round(x * 100)}%`;
  if (effectiveConfidence < c.pruneRemoveBelow) return { category: "remove", reason: `confidence ${pct3(effectiveConfidence)} is below ${pct3(c.pruneRemoveBelow)}` };
  if (days >= c.pruneRemoveUnseenDays) return { category: "remove", reason: `unseen for ${Math.floor(days)} days (${c.pruneRemoveUnseenDays} or more)` };
  if (effectiveConfidence < c.pruneReviewBelow) return { category: "review", reason: `confidence ${pct3(effectiveConfidence)} is below ${pct3(c.pruneReviewBelow)}` };
  if (days >= c.pruneReviewUnseenDays) return { category: "review", reason: `unseen for ${Math.floor(days)} days (${c.pruneReviewUnseenDays} or more)` };
  return { category: "keep" };
}
function finishLevelState(x, promoted, nowMs, c) {
  const eff = effective(x, nowMs, c);
  x.level = levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted }, c);
  x.state = stateOf({ source: x.source, stored: x.confidence, effective: eff, last_seen: x.last_seen, evolved_to: x.evolved_to }, nowMs, c);
}

// store/files/events.ts
function event(ts, x, delta, reason) {
  return { ts, id: x.id, pattern: x.pattern, project: x.project ?? null, source: x.source, delta: round4(delta), reason };
}
function eventLines(events) {
  const real = events.filter((e) => e.delta !== 0 || !e.reason.startsWith("analysis"));
  return real.length === 0 ? "" : `${real.map((e) => JSON.stringify(e)).join("\n")}
`;
}

// store/model/keys.ts
var PREFIXES = { seq: "sequence", retry: "error_retry", pref: "preference", combo: "combo", ...Object.fromEntries(LEARNERS.map((m) => [m.prefix, m.category])) };
var CATEGORIES = Object.values(PREFIXES);
var PREFIX_OF = Object.fromEntries(Object.entries(PREFIXES).map(([p, c]) => [c, p]));
var MAX_KEY_BODY = 200;
function storeKey(kind, key2) {
  return patternStoreKey(kind, key2);
}
function analyzerKey(pattern) {
  return kindOfStoreKey(pattern);
}
function categoryOf(pattern) {
  const i = pattern.indexOf(":");
  return i === -1 ? void 0 : PREFIXES[pattern.slice(0, i).toLowerCase()];
}
var KeyError = class extends Error {
};
function normalizeKey(raw, defaultCategory) {
  if (typeof raw !== "string") throw new KeyError(`a pattern key must be a string like "seq:Grep->Read->Edit" or "pref:pkg=pnpm", found ${typeof raw}`);
  let text = raw.trim();
  const i = text.indexOf(":");
  let prefix = i === -1 ? "" : text.slice(0, i).toLowerCase();
  if (PREFIXES[prefix] === void 0) {
    if (defaultCategory === void 0) {
      throw new KeyError(`a pattern key needs a category prefix (${Object.keys(PREFIXES).map((p) => `${p}:`).join(", ")}), like "seq:Grep->Read->Edit"; found ${JSON.stringify(raw.slice(0, 60))}`);
    }
    prefix = PREFIX_OF[defaultCategory];
  } else {
    text = text.slice(i + 1);
  }
  const body = text.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s*(->|\+|=|,)\s*/g, "$1").replace(/\s+/g, " ").trim();
  if (body.length === 0) throw new KeyError(`the pattern key ${JSON.stringify(raw.slice(0, 60))} has nothing after its prefix`);
  if (body.length > MAX_KEY_BODY) throw new KeyError(`a pattern key must be at most ${MAX_KEY_BODY} characters after its prefix, found ${body.length}`);
  return `${prefix}:${body}`;
}
function words(text) {
  return text.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
}
var ID2 = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
var MAX_ID = 120;
function validId(id) {
  return typeof id === "string" && id.length <= MAX_ID && ID2.test(id);
}

// store/model/frontmatter.ts
var import_yaml = __toESM(require_dist(), 1);
var YAML_OUT = { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN", lineWidth: 0, flowCollectionPadding: false };
var EVIDENCE_HEADING = "## Evidence";
function plainText(text) {
  const t = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
  return t.includes("\r\n") ? t.replace(/\r\n/g, "\n") : t;
}
function splitFrontmatter(raw) {
  const text = plainText(raw);
  if (!text.startsWith("---\n")) return void 0;
  const end = text.indexOf("\n---\n", 3);
  if (end === -1) return void 0;
  return { front: text.slice(4, end + 1), body: text.slice(end + 5) };
}
function splitEvidence(body) {
  const at = body.startsWith(`${EVIDENCE_HEADING}
`) ? 0 : body.indexOf(`
${EVIDENCE_HEADING}
`);
  if (at === -1) return { before: body, evidence: [], after: "" };
  const start = at === 0 ? 0 : at + 1;
  const lines = body.slice(start + EVIDENCE_HEADING.length + 1).split("\n");
  const evidence = [];
  let i = 0;
  for (; i < lines.length; i++) {
    const l = lines[i];
    if (l.startsWith("- ")) evidence.push(l.slice(2));
    else break;
  }
  return { before: body.slice(0, start), evidence, after: lines.slice(i).join("\n") };
}
function joinEvidence(before, evidence, after) {
  const list2 = evidence.map((e) => `- ${e}`).join("\n");
  const head = before === "" || before.endsWith("\n\n") ? before : before.endsWith("\n") ? `${before}
` : `${before}

`;
  return `${head}${EVIDENCE_HEADING}
${list2}${list2 ? "\n" : ""}${after}`;
}
function withEvidence(list2, line) {
  return [...list2, oneLine(line)].slice(-MAX_EVIDENCE);
}
function oneLine(s) {
  return s.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}
var PLAIN_KEY = /^[a-z][a-z0-9_]*$/;
var WORD_KEYS = /* @__PURE__ */ new Set(["null", "true", "false", "yes", "no", "on", "off", "y", "n"]);
var PRINTABLE = /^[\x20-\x7e]*$/;
function scalarText(v) {
  if (typeof v === "string") return PRINTABLE.test(v) ? JSON.stringify(v) : void 0;
  if (typeof v === "number") return Number.isFinite(v) && !Object.is(v, -0) ? JSON.stringify(v) : void 0;
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v === null) return "null";
  return void 0;
}
function plainFrontmatter(fields) {
  if (Object.getPrototypeOf(fields) !== Object.prototype) return void 0;
  let out = "";
  for (const key2 of Object.keys(fields)) {
    if (!PLAIN_KEY.test(key2) || WORD_KEYS.has(key2)) return void 0;
    const v = fields[key2];
    let text;
    if (Array.isArray(v)) {
      const items = [];
      for (const item of v) {
        const t = scalarText(item);
        if (t === void 0) return void 0;
        items.push(t);
      }
      text = `[${items.join(", ")}]`;
    } else {
      text = scalarText(v);
    }
    if (text === void 0) return void 0;
    out += `${key2}: ${text}
`;
  }
  return out === "" ? void 0 : out;
}
function yamlFrontmatter(fields) {
  const doc = new import_yaml.Document(fields);
  const map = doc.contents;
  for (const pair of map.items) if ((0, import_yaml.isSeq)(pair.value)) pair.value.flow = true;
  return doc.toString(YAML_OUT);
}
function renderFrontmatter(fields) {
  return plainFrontmatter(fields) ?? yamlFrontmatter(fields);
}
var FileProblem = class extends Error {
};
var SIMPLE_LINE = /^([A-Za-z_][A-Za-z0-9_]*): (.+)$/;
function jsonFrontmatter(front) {
  const lines = front.split("\n");
  if (lines.at(-1) === "") lines.pop();
  if (lines.length === 0) return void 0;
  const out = {};
  for (const line of lines) {
    const m = SIMPLE_LINE.exec(line);
    if (m === null) return void 0;
    const key2 = m[1];
    const raw = m[2];
    if (key2 === "__proto__" || Object.hasOwn(out, key2)) return void 0;
    const c = raw.charCodeAt(0);
    if (!(c === 34 || c === 91 || c === 45 || c >= 48 && c <= 57 || raw === "true" || raw === "false" || raw === "null")) return void 0;
    if (raw.endsWith(" ") || raw.includes("{")) return void 0;
    let v;
    try {
      v = JSON.parse(raw);
    } catch {
      return void 0;
    }
    out[key2] = v;
  }
  return out;
}
function frontmatterObject(front) {
  const fast = jsonFrontmatter(front);
  if (fast !== void 0) return fast;
  let v;
  try {
    v = (0, import_yaml.parse)(front, { uniqueKeys: true, maxAliasCount: 0 });
  } catch (e) {
    throw new FileProblem(`the frontmatter is not valid YAML (${e.message.split("\n")[0]})`);
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new FileProblem("the frontmatter must be a YAML mapping of keys to values");
  return v;
}
function updateUserFile(text, changes, newEvidence) {
  const split = splitFrontmatter(text);
  if (split === void 0) throw new FileProblem("expected YAML frontmatter between two --- lines at the start");
  const doc = (0, import_yaml.parseDocument)(split.front, { uniqueKeys: true });
  if (doc.errors.length) throw new FileProblem(`the frontmatter is not valid YAML (${doc.errors[0].message.split("\n")[0]})`);
  for (const [k, v] of Object.entries(changes)) {
    if (v === void 0) doc.delete(k);
    else {
      const node = doc.createNode(v);
      if ((0, import_yaml.isSeq)(node)) node.flow = true;
      doc.set(k, node);
    }
  }
  let body = split.body;
  if (newEvidence.length) {
    const { before, evidence, after } = splitEvidence(body);
    let list2 = [...evidence];
    for (const e of newEvidence) list2 = withEvidence(list2, e);
    body = joinEvidence(before, list2, after);
  }
  const out = `---
${doc.toString(YAML_OUT)}---
${body}`;
  return `${text.charCodeAt(0) === 65279 ? "\uFEFF" : ""}${text.includes("\r\n") ? out.replace(/\n/g, "\r\n") : out}`;
}

// store/model/file-format.ts
var INSTINCT_KEYS = [
  "id",
  "pattern",
  "category",
  "domain",
  "trigger",
  "action",
  "explain",
  "scope",
  "project",
  "projects",
  "source",
  "confidence",
  "observations",
  "level",
  "state",
  "sessions",
  "session_ids",
  "first_seen",
  "last_seen",
  "created",
  "confirmed",
  "contradicted",
  "corrected",
  "suggested",
  "inactive",
  "evolved_to",
  "imported_from",
  "aliases",
  "promoted_at",
  "score",
  "adjustment",
  "adjustment_runs",
  "adjustment_at",
  "contradicts",
  "claim",
  "hits",
  "opportunities",
  "rate"
];
var KNOWN = new Set(INSTINCT_KEYS);
function instinctFields(x) {
  const f = {};
  for (const k of INSTINCT_KEYS) {
    const v = x[k];
    if (v === void 0) continue;
    if ((k === "aliases" || k === "contradicts") && Array.isArray(v) && v.length === 0) continue;
    f[k] = v;
  }
  for (const [k, v] of Object.entries(x.extra)) if (!KNOWN.has(k)) f[k] = v;
  return f;
}
function renderInstinct2(x) {
  return `---
${renderFrontmatter(instinctFields(x))}---
${joinEvidence(x.body, x.evidence, x.tail ?? "")}`;
}
var str = (o, k, fallback) => {
  const v = o[k];
  if (typeof v === "string") return v;
  if (v === void 0 && fallback !== void 0) return fallback;
  throw new FileProblem(`"${k}" must be a string, found ${JSON.stringify(v)?.slice(0, 40)}`);
};
var num = (o, k, fallback) => {
  const v = o[k];
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (v === void 0 && fallback !== void 0) return fallback;
  throw new FileProblem(`"${k}" must be a number, found ${JSON.stringify(v)?.slice(0, 40)}`);
};
var count = (o, k) => {
  const v = num(o, k, 0);
  if (!Number.isInteger(v) || v < 0) throw new FileProblem(`"${k}" must be a whole number, 0 or more, found ${v}`);
  return v;
};
var time = (o, k, fallback) => {
  const v = str(o, k, fallback);
  if (Number.isNaN(isoToMs(v))) throw new FileProblem(`"${k}" must be an ISO 8601 time, found ${JSON.stringify(v).slice(0, 40)}`);
  return v;
};
var strings = (o, k, test = () => true) => {
  const v = o[k];
  if (v === void 0 || v === null) return [];
  if (!Array.isArray(v) || !v.every((s) => typeof s === "string" && test(s))) throw new FileProblem(`"${k}" must be a list of strings, found ${JSON.stringify(v)?.slice(0, 40)}`);
  return v;
};
function scopeOf(o) {
  const scope = str(o, "scope", "global");
  if (scope !== "global" && scope !== "project") throw new FileProblem(`"scope" must be "global" or "project", found ${JSON.stringify(scope)}`);
  if (scope === "global") return { scope };
  const project = str(o, "project");
  if (!PROJECT_ID.test(project)) throw new FileProblem(`"project" must be a project id of 12 hex characters, found ${JSON.stringify(project)}`);
  return { scope, project };
}
function sourceOf(o) {
  const s = str(o, "source");
  if (!SOURCES.includes(s)) throw new FileProblem(`"source" must be observed, taught or imported, found ${JSON.stringify(s)}`);
  return s;
}
function stateValue(o) {
  const s = str(o, "state", "active");
  return STATES.includes(s) ? s : "active";
}
function confidenceOf(o) {
  const c = num(o, "confidence");
  if (!(c >= 0 && c <= 1)) throw new FileProblem(`"confidence" must be a number from 0 to 1, found ${c}`);
  return c;
}
function domainOf(o) {
  const d = str(o, "domain", "workflow");
  if (!DOMAIN.test(d)) throw new FileProblem(`"domain" must be a word of [a-z0-9-] like workflow or testing, found ${JSON.stringify(d).slice(0, 40)}`);
  return d;
}
function parseInstinct2(text) {
  const split = splitFrontmatter(text);
  if (split === void 0) throw new FileProblem("expected YAML frontmatter between two --- lines at the start");
  const o = frontmatterObject(split.front);
  const id = str(o, "id");
  if (!validId(id)) throw new FileProblem(`"id" must be a slug of [a-z0-9-], at most 120 characters, found ${JSON.stringify(id).slice(0, 60)}`);
  let pattern;
  try {
    pattern = normalizeKey(str(o, "pattern"));
  } catch (e) {
    throw new FileProblem(`"pattern": ${e.message}`);
  }
  const category = categoryOf(pattern);
  const level = parseLevel(o["level"] ?? "seedling");
  if (level === void 0) throw new FileProblem(`"level" must be seedling, mature, rule or universal, found ${JSON.stringify(o["level"])}`);
  const extra = {};
  for (const [k, v] of Object.entries(o)) if (!KNOWN.has(k)) extra[k] = v;
  const { before, evidence, after } = splitEvidence(split.body);
  const x = {
    id,
    pattern,
    category,
    domain: domainOf(o),
    trigger: str(o, "trigger", ""),
    action: str(o, "action", ""),
    explain: str(o, "explain", ""),
    ...scopeOf(o),
    projects: strings(o, "projects", (s) => PROJECT_ID.test(s)),
    source: sourceOf(o),
    confidence: confidenceOf(o),
    observations: count(o, "observations"),
    level,
    state: stateValue(o),
    sessions: count(o, "sessions"),
    session_ids: strings(o, "session_ids"),
    first_seen: time(o, "first_seen"),
    last_seen: time(o, "last_seen"),
    created: time(o, "created", str(o, "first_seen")),
    ...zeroFeedback(),
    confirmed: count(o, "confirmed"),
    contradicted: count(o, "contradicted"),
    corrected: count(o, "corrected"),
    suggested: count(o, "suggested"),
    inactive: count(o, "inactive"),
    aliases: strings(o, "aliases"),
    extra,
    evidence,
    body: before,
    tail: after
  };
  for (const k of ["evolved_to", "imported_from", "promoted_at", "adjustment_at"]) if (o[k] !== void 0 && o[k] !== null) x[k] = str(o, k);
  if (o["score"] !== void 0) x.score = num(o, "score");
  if (o["adjustment"] !== void 0) x.adjustment = num(o, "adjustment");
  if (o["adjustment_runs"] !== void 0) x.adjustment_runs = count(o, "adjustment_runs");
  if (o["contradicts"] !== void 0) x.contradicts = strings(o, "contradicts", validId);
  if (o["claim"] !== void 0) x.claim = str(o, "claim");
  if (o["hits"] !== void 0) x.hits = count(o, "hits");
  if (o["opportunities"] !== void 0) x.opportunities = count(o, "opportunities");
  if (o["rate"] !== void 0) {
    const rate = num(o, "rate");
    if (!(rate >= 0 && rate <= 1)) throw new FileProblem(`"rate" must be a number from 0 to 1, found ${rate}`);
    x.rate = rate;
  }
  if (typeof o["lift"] === "number" && Number.isFinite(o["lift"])) x.lift = o["lift"];
  if (!observedSource(x) && (x.trigger === "" || x.action === "")) throw new FileProblem(`a ${x.source} instinct needs "trigger" and "action"`);
  return x;
}
var FACT_KEYS = [
  "id",
  "fact",
  "domain",
  "scope",
  "project",
  "projects",
  "source",
  "confidence",
  "observations",
  "state",
  "sessions",
  "session_ids",
  "first_seen",
  "last_seen",
  "created",
  "confirmed",
  "contradicted",
  "corrected",
  "suggested",
  "inactive",
  "imported_from"
];
var FACT_KNOWN = new Set(FACT_KEYS);
function factFields(x) {
  const f = {};
  for (const k of FACT_KEYS) {
    const v = k === "fact" ? x.text : x[k];
    if (v !== void 0) f[k] = v;
  }
  for (const [k, v] of Object.entries(x.extra)) if (!FACT_KNOWN.has(k)) f[k] = v;
  return f;
}
function renderFact(x) {
  return `---
${renderFrontmatter(factFields(x))}---
${joinEvidence(x.body, x.evidence, x.tail ?? "")}`;
}
function parseFact(text) {
  const split = splitFrontmatter(text);
  if (split === void 0) throw new FileProblem("expected YAML frontmatter between two --- lines at the start");
  const o = frontmatterObject(split.front);
  const id = str(o, "id");
  if (!validId(id)) throw new FileProblem(`"id" must be a slug of [a-z0-9-], at most 120 characters, found ${JSON.stringify(id).slice(0, 60)}`);
  const extra = {};
  for (const [k, v] of Object.entries(o)) if (!FACT_KNOWN.has(k)) extra[k] = v;
  const { before, evidence, after } = splitEvidence(split.body);
  const text_ = str(o, "fact");
  if (text_.trim() === "") throw new FileProblem('"fact" must state something');
  const x = {
    id,
    text: text_,
    domain: domainOf(o),
    ...scopeOf(o),
    projects: strings(o, "projects", (s) => PROJECT_ID.test(s)),
    source: sourceOf(o),
    confidence: confidenceOf(o),
    observations: count(o, "observations"),
    state: stateValue(o),
    sessions: count(o, "sessions"),
    session_ids: strings(o, "session_ids"),
    first_seen: time(o, "first_seen"),
    last_seen: time(o, "last_seen"),
    created: time(o, "created", str(o, "first_seen")),
    ...zeroFeedback(),
    confirmed: count(o, "confirmed"),
    contradicted: count(o, "contradicted"),
    corrected: count(o, "corrected"),
    suggested: count(o, "suggested"),
    inactive: count(o, "inactive"),
    extra,
    evidence,
    body: before,
    tail: after
  };
  if (typeof o["imported_from"] === "string") x.imported_from = o["imported_from"];
  return x;
}

// store/files/archive.ts
var import_node_fs9 = require("node:fs");
var import_node_path4 = require("node:path");
function stamp(iso) {
  return iso.replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}
function put(path, text, txn) {
  if (txn) txn.create(path, text);
  else writeFileAtomic(path, text, { skipIfSame: false });
}
var taken = (path, txn) => txn ? txn.taken(path) : (0, import_node_fs9.existsSync)(path);
function keepUserVersion(home, id, text, nowIso, txn) {
  let keep = (0, import_node_path4.join)(layout.archive(home), `${id}--${stamp(nowIso)}.user.md`);
  for (let n = 2; taken(keep, txn); n++) keep = (0, import_node_path4.join)(layout.archive(home), `${id}--${stamp(nowIso)}-${n}.user.md`);
  put(keep, text, txn);
  return keep;
}
function archiveText(home, name, text, nowIso, txn) {
  let path = (0, import_node_path4.join)(layout.archive(home), `${name}--${stamp(nowIso)}.md`);
  for (let n = 2; taken(path, txn); n++) path = (0, import_node_path4.join)(layout.archive(home), `${name}--${stamp(nowIso)}-${n}.md`);
  put(path, text, txn);
  return path;
}

// store/files/migrate.ts
var import_node_path9 = require("node:path");

// store/files/io.ts
var import_node_fs10 = require("node:fs");
var import_node_path5 = require("node:path");
var STORE_LOCK_WAIT_MS = 5e3;
var StoreBusyError = class extends Error {
};
function listDir(dir) {
  try {
    return (0, import_node_fs10.readdirSync)(dir).sort();
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw e;
  }
}
function readIfFile(path) {
  try {
    return readDataFile(path);
  } catch {
    return void 0;
  }
}
function fileStamp(path) {
  try {
    const st = (0, import_node_fs10.lstatSync)(path);
    return st.isFile() ? `${st.mtimeMs}:${st.size}` : void 0;
  } catch {
    return void 0;
  }
}
function withStoreLock(home, fn, opts = {}) {
  if (opts.lockHeld) return fn();
  ensurePrivateDir(home);
  const lock = acquireLockWaiting(layout.lock(home), opts.waitMs ?? STORE_LOCK_WAIT_MS);
  if ("heldBy" in lock) {
    throw new StoreBusyError(`the store is busy: an analysis (pid ${lock.heldBy.pid}, since ${lock.heldBy.started}) still held the lock after ${(opts.waitMs ?? STORE_LOCK_WAIT_MS) / 1e3} s; nothing was written, try again`);
  }
  try {
    return fn();
  } finally {
    lock.release();
  }
}
function storePaths(home) {
  return {
    instincts: layout.instincts(home),
    facts: layout.facts(home),
    archive: layout.archive(home),
    instinct: (id) => (0, import_node_path5.join)(layout.instincts(home), `${id}.md`),
    fact: (id) => (0, import_node_path5.join)(layout.facts(home), `${id}.md`)
  };
}

// lib/invocation.ts
var import_node_fs11 = require("node:fs");
var import_node_path6 = require("node:path");
function shellWord(path) {
  return /^[A-Za-z0-9_/.@%+=:,-]+$/.test(path) ? path : `'${path.replace(/'/g, "'\\''")}'`;
}
function invocationOf(f) {
  if (f.plugin) return { kind: "plugin", command: `node ${shellWord((0, import_node_path6.join)(f.root, "dist", "cli", "homunculus.mjs"))}` };
  if (f.onPath !== void 0 && f.onPath === f.cli) return { kind: "global", command: "homunculus" };
  const parts = f.root.split(import_node_path6.sep);
  if (parts.includes("_npx")) return { kind: "npx", command: "npx homunculus" };
  if ((0, import_node_path6.basename)((0, import_node_path6.dirname)(f.root)) === "node_modules") return { kind: "project", command: "npx homunculus" };
  return { kind: "clone", command: `node ${shellWord((0, import_node_path6.join)(f.root, "dist", "cli", "homunculus.js"))}` };
}
function realpathOr(path) {
  try {
    return (0, import_node_fs11.realpathSync)(path);
  } catch {
    return void 0;
  }
}
function onPath(env) {
  for (const dir of (env["PATH"] ?? "").split(import_node_path6.delimiter)) {
    if (!dir.startsWith("/")) continue;
    if (/\/node_modules\/\.bin\/?$/.test(dir)) continue;
    const real = realpathOr((0, import_node_path6.join)(dir, "homunculus"));
    if (real !== void 0) return real;
  }
  return void 0;
}
var cached;
function invocation(env = process.env) {
  if (cached !== void 0) return cached;
  const root = packageRoot();
  const cliPath = (0, import_node_path6.join)(root, "dist", "cli", "homunculus.js");
  cached = invocationOf({ root, onPath: onPath(env), cli: realpathOr(cliPath) ?? cliPath, plugin: (0, import_node_fs11.existsSync)((0, import_node_path6.join)(root, ".claude-plugin", "plugin.json")) });
  return cached;
}
function cli(args) {
  return `${invocation().command} ${args}`;
}

// analyzer/promotion.ts
var PROJECT = /^[0-9a-f]{12}$/;
function show(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
function ruleProblem(r) {
  if (typeof r !== "object" || r === null || Array.isArray(r)) return `expected a rule object, found ${show(r)}`;
  const o = r;
  if (typeof o["id"] !== "string" || !SLUG.test(o["id"])) return `"id" must be a slug like chain-grep-read-edit, found ${show(o["id"])}`;
  if (kindInfo(o["kind"]) === void 0) return `"kind" must be one of ${Object.keys(KINDS2).map((k) => `"${k}"`).join(", ")}, found ${show(o["kind"])}`;
  if (typeof o["pattern"] !== "string" || safeSteps({ kind: o["kind"], pattern: o["pattern"] }) === void 0) return `"pattern" must be a ${o["kind"]} of tool names and command words, found ${show(o["pattern"])}`;
  for (const k of ["promoted_at", "last_seen"]) {
    if (typeof o[k] !== "string" || Number.isNaN(isoToMs(o[k]))) return `"${k}" must be an ISO 8601 time, found ${show(o[k])}`;
  }
  for (const k of ["confidence_at_promotion", "last_confidence", "confidence_now"]) {
    const v = o[k];
    if (typeof v !== "number" || !(v >= 0 && v <= 1)) return `"${k}" must be a number from 0 to 1, found ${show(v)}`;
  }
  for (const k of ["observations", "sessions"]) {
    const v = o[k];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) return `"${k}" must be a whole number, 0 or more, found ${show(v)}`;
  }
  for (const k of ["hits", "opportunities"]) {
    const v = o[k];
    if (v !== void 0 && (typeof v !== "number" || !Number.isInteger(v) || v < 0)) return `"${k}" must be a whole number, 0 or more, found ${show(v)}`;
  }
  if (typeof o["hits"] === "number" && typeof o["opportunities"] === "number" && o["hits"] > o["opportunities"]) return `"hits" (${o["hits"]}) must not exceed "opportunities" (${o["opportunities"]})`;
  for (const k of ["rate", "prior", "applies"]) {
    if (o[k] !== void 0 && (typeof o[k] !== "number" || !(o[k] >= 0 && o[k] <= 1))) return `"${k}" must be a number from 0 to 1, found ${show(o[k])}`;
  }
  if (o["lift"] !== void 0 && (typeof o["lift"] !== "number" || !(o["lift"] >= 0) || !Number.isFinite(o["lift"]))) return `"lift" must be a number, 0 or more, found ${show(o["lift"])}`;
  if (o["unseen_days"] !== void 0 && (typeof o["unseen_days"] !== "number" || !Number.isInteger(o["unseen_days"]) || o["unseen_days"] < 0 || o["unseen_days"] > 1e5)) return `"unseen_days" must be a whole number of days, 0 or more, found ${show(o["unseen_days"])}`;
  if (o["aged_through"] !== void 0 && (typeof o["aged_through"] !== "string" || Number.isNaN(isoToMs(o["aged_through"])))) return `"aged_through" must be an ISO 8601 time, found ${show(o["aged_through"])}`;
  for (const k of ["key", "claim", "project_name"]) {
    if (o[k] !== void 0 && typeof o[k] !== "string") return `"${k}" must be a string, found ${show(o[k])}`;
  }
  if (o["scope"] !== void 0 && o["scope"] !== "global" && o["scope"] !== "project") return `"scope" must be "global" or "project", found ${show(o["scope"])}`;
  if (o["project"] !== void 0 && (typeof o["project"] !== "string" || !PROJECT.test(o["project"]))) return `"project" must be a project id (12 hex digits), found ${show(o["project"])}`;
  if (o["scope"] === "project" && o["project"] === void 0) return '"scope" is "project" but no "project" is named';
  for (const k of ["projects", "against"]) {
    const v = o[k];
    if (v !== void 0 && (!Array.isArray(v) || !v.every((p) => typeof p === "string" && PROJECT.test(p)))) return `"${k}" must be a list of project ids (12 hex digits), found ${show(v)}`;
  }
  if (o["details"] !== void 0 && (typeof o["details"] !== "object" || o["details"] === null || Array.isArray(o["details"]))) return `"details" must be an object, found ${show(o["details"])}`;
  return void 0;
}

// rules/rule.ts
var RULES_FORMAT = 2;
function isTaughtRule(r) {
  const o = r;
  return typeof o === "object" && o !== null && o.kind === "taught" && typeof o.pattern === "string" && typeof o.confidence_now === "number" && Number.isFinite(o.confidence_now) && typeof o.observations === "number";
}
function ruleKey(r) {
  return r.kind === "taught" ? r.pattern : patternStoreKey(r.kind, r.pattern);
}
function promotedKeysOf(rules) {
  const m = /* @__PURE__ */ new Map();
  for (const r of rules) {
    const k = ruleKey(r);
    const before = m.get(k);
    if (before === void 0 || r.promoted_at < before) m.set(k, r.promoted_at);
  }
  return m;
}

// rules/read.ts
var RulesStateError = class extends Error {
};
var empty = () => ({ rules: [], taught: [] });
var plainLine = (s) => s.split("\n")[0].replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, "?").slice(0, 200);
var identity = (r) => `${r.kind}\0${r.pattern}\0${r.scope === "project" ? r.project ?? "" : ""}`;
var taughtIdentity = (r) => `${r.pattern}\0${r.scope === "project" ? r.project ?? "" : ""}`;
function show2(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
function taughtProblem(r) {
  if (!isTaughtRule(r)) return `expected a taught rule (kind "taught", a pattern and numbers), found ${show2(r)}`;
  if (!(r.confidence_now >= 0 && r.confidence_now <= 1)) return `"confidence_now" must be a number from 0 to 1, found ${show2(r.confidence_now)}`;
  if (!(Number.isInteger(r.observations) && r.observations >= 0)) return `"observations" must be a whole number, 0 or more, found ${show2(r.observations)}`;
  return void 0;
}
var PROJECT2 = /^[0-9a-f]{12}$/;
function withdrawnProblem(w) {
  const o = w;
  if (typeof o !== "object" || o === null || Array.isArray(o)) return "expected a withdrawn claim object";
  if (kindInfo(o.kind) === void 0 || typeof o.pattern !== "string" || safeSteps({ kind: o.kind, pattern: o.pattern }) === void 0) return '"kind" and "pattern" must name a claim';
  if (o.scope !== "global" && o.scope !== "project") return '"scope" must be "global" or "project"';
  if (o.scope === "project" && !(typeof o.project === "string" && PROJECT2.test(o.project))) return '"project" must be a project id (12 hex digits)';
  if (typeof o.withdrawn_at !== "string" || Number.isNaN(isoToMs(o.withdrawn_at))) return '"withdrawn_at" must be an ISO 8601 time';
  if (typeof o.reason !== "string") return '"reason" must be a string';
  if (o.prior !== void 0 && !(typeof o.prior === "number" && o.prior >= 0 && o.prior <= 1)) return '"prior" must be a number from 0 to 1';
  if (o.excluded !== void 0 && !(Array.isArray(o.excluded) && o.excluded.length <= 1e4 && o.excluded.every((p) => typeof p === "string" && PROJECT2.test(p)))) return '"excluded" must be a list of project ids (12 hex digits)';
  return void 0;
}
function readRulesState(home) {
  const path = layout.rulesJson(home);
  let bytes;
  try {
    bytes = readDataFile(path);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT") return { doc: empty(), problems: [] };
    if (code === "ELOOP") throw new RulesStateError(`${path} is a symbolic link; homunculus never follows links in its data home: replace it with the file it points to`);
    if (code === "EISDIR") throw new RulesStateError(`${path} is a folder, expected homunculus' rules state (a JSON file); move it aside`);
    throw e;
  }
  const text = bytes.toString("utf8");
  let v;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new RulesStateError(`${path}: expected JSON (${plainLine(e.message)}); move it aside to start over`);
  }
  const listed = v?.rules;
  if (!Array.isArray(listed)) throw new RulesStateError(`${path}: expected {"rules": [...]}, found ${JSON.stringify(text.slice(0, 40))}; move it aside to start over`);
  const taughtListed = v.taught;
  const doc = empty();
  const problems = [];
  const seen = /* @__PURE__ */ new Set();
  listed.forEach((r, i) => {
    const problem = ruleProblem(r);
    if (problem !== void 0) problems.push(`rule ${i + 1}: ${problem}`);
    else if (seen.has(identity(r))) problems.push(`rule ${i + 1}: a second entry for ${r.pattern}${r.scope === "project" ? ` in project ${r.project}` : ""}`);
    else {
      seen.add(identity(r));
      doc.rules.push(r);
    }
  });
  if (taughtListed !== void 0 && !Array.isArray(taughtListed)) problems.push(`"taught" is not a list: ${show2(taughtListed)}`);
  else {
    const seenTaught = /* @__PURE__ */ new Set();
    (taughtListed ?? []).forEach((r, i) => {
      const problem = taughtProblem(r);
      if (problem !== void 0) problems.push(`taught rule ${i + 1}: ${problem}`);
      else if (seenTaught.has(taughtIdentity(r))) problems.push(`taught rule ${i + 1}: a second entry for ${r.pattern}`);
      else {
        seenTaught.add(taughtIdentity(r));
        doc.taught.push(r);
      }
    });
  }
  const withdrawn = v.withdrawn;
  if (withdrawn !== void 0 && !Array.isArray(withdrawn)) problems.push(`"withdrawn" is not a list: ${show2(withdrawn)}`);
  (Array.isArray(withdrawn) ? withdrawn : []).forEach((w, i) => {
    const problem = withdrawnProblem(w);
    if (problem !== void 0) problems.push(`withdrawn claim ${i + 1}: ${problem}`);
    else (doc.withdrawn ??= []).push(w);
  });
  return problems.length ? { doc, problems, original: bytes } : { doc, problems };
}
function showable(confidence, observations) {
  return typeof confidence === "number" && confidence >= 0 && confidence <= 1 && (observations === void 0 || typeof observations === "number" && observations >= 0 && observations < 1e12);
}
function readRulesDoc(home, onProblem) {
  let v;
  try {
    v = JSON.parse(readDataFile(layout.rulesJson(home)).toString("utf8"));
  } catch (e) {
    const code = e.code;
    if (code !== "ENOENT") onProblem?.(`rules.json ${code ? `cannot be read (${code})` : `does not parse (${plainLine(e.message)})`}: no rules were given; move it aside and run ${cli("bye")} to rebuild it`);
    return empty();
  }
  const doc = empty();
  const listed = v?.rules;
  const taught = v?.taught;
  let skipped = 0;
  const seen = /* @__PURE__ */ new Set();
  if (Array.isArray(listed)) {
    for (const r of listed) {
      if (typeof r === "object" && r !== null && typeof r.pattern === "string" && showable(r.confidence_now, r.observations) && !seen.has(identity(r))) {
        seen.add(identity(r));
        doc.rules.push(r);
      } else skipped++;
    }
  }
  if (Array.isArray(taught)) {
    for (const r of taught) {
      if (isTaughtRule(r) && showable(r.confidence_now, r.observations) && !seen.has(`taught\0${taughtIdentity(r)}`)) {
        seen.add(`taught\0${taughtIdentity(r)}`);
        doc.taught.push(r);
      } else skipped++;
    }
  }
  if (!Array.isArray(listed) && listed !== void 0) onProblem?.(`rules.json has no list of rules ("rules" is not an array): no observed rules were given; move it aside and run ${cli("bye")} to rebuild it`);
  if (skipped > 0) onProblem?.(`rules.json: ${plural(skipped, "entry", "entries")} left out (not a rule, a second copy of one, a confidence outside 0-1, or a count out of range); ${cli("bye")} rewrites it from the instincts`);
  return doc;
}

// store/files/promoted-keys.ts
function promotedKeys(home) {
  const doc = readRulesDoc(home);
  return promotedKeysOf([...doc.rules, ...doc.taught]);
}

// store/files/scan.ts
var import_node_path7 = require("node:path");

// store/model/text.ts
function stepsOf(kind, key2) {
  return KINDS2[kind].tokens(key2) ?? [key2];
}
function observedDomain(kind, key2) {
  if (kind === "error-retry") return "error-handling";
  const m = learnerModule(kind);
  if (m !== void 0) return m.text.domain(stepsOf(kind, key2));
  return stepsOf(kind, key2).some(isTestStep) ? "testing" : "workflow";
}
function observedTrigger(kind, key2) {
  const s = stepsOf(kind, key2);
  if (kind === "chain") return `after ${s.slice(0, -1).join(", then ")}`;
  if (kind === "error-retry") return `${s[0]} fails`;
  return learnerModule(kind).text.trigger(s);
}
function observedAction(kind, key2) {
  const s = stepsOf(kind, key2);
  if (kind === "chain") return `${s[s.length - 1]} next`;
  if (kind === "error-retry") return `check what ${s[0]} needs before running it again`;
  return learnerModule(kind).text.action(s);
}
function observedExplain(kind, key2, observations, sessions, sessionsInWindow) {
  const where = `in ${sessions} of ${sessionsInWindow} sessions`;
  switch (kind) {
    case "chain":
      return `Frequent tool chain: ${key2} (seen ${observations}x ${where})`;
    case "error-retry":
      return `${stepsOf(kind, key2)[0]} error-retry pairs detected (${observations}x ${where}). Consider pre-validation.`;
    default:
      return `${KINDS2[kind].claim(stepsOf(kind, key2))} (${observations}x ${where})`;
  }
}
function observedTitle(kind, key2) {
  return kind === "chain" ? `${key2} chain` : key2;
}

// store/files/scan.ts
var LEGACY_KEYS = /* @__PURE__ */ new Set(["id", "kind", "pattern", "confidence", "observations", "sessions", "first_seen", "last_seen", "state", "created"]);
function observedBody(kind, key2, x, sessionsInWindow) {
  return [
    `# Instinct: ${observedTitle(kind, key2)}`,
    `- Confidence: ${Math.round(x.confidence * 100)}%`,
    `- Observations: ${x.observations}`,
    `- First seen: ${x.first_seen.slice(0, 10)}`,
    `- Last seen: ${x.last_seen.slice(0, 10)}`,
    `- Sessions: ${x.sessions}/${sessionsInWindow}`,
    ""
  ].join("\n");
}
function fromLegacy(meta) {
  const kind = meta.kind;
  if (kind !== "chain" && kind !== "error-retry") return void 0;
  const extra = {};
  for (const [k, v] of Object.entries(meta)) if (!LEGACY_KEYS.has(k)) extra[k] = v;
  const sessionsInWindow = typeof meta.sessions_in_window === "number" ? meta.sessions_in_window : meta.sessions;
  return {
    id: meta.id,
    pattern: storeKey(kind, meta.pattern),
    category: kind === "chain" ? "sequence" : "error_retry",
    domain: observedDomain(kind, meta.pattern),
    trigger: observedTrigger(kind, meta.pattern),
    action: observedAction(kind, meta.pattern),
    explain: observedExplain(kind, meta.pattern, meta.observations, meta.sessions, sessionsInWindow),
    scope: "global",
    projects: [],
    source: "observed",
    confidence: meta.confidence,
    score: meta.confidence,
    observations: meta.observations,
    level: "seedling",
    state: "active",
    sessions: meta.sessions,
    session_ids: [],
    first_seen: meta.first_seen,
    last_seen: meta.last_seen,
    created: meta.created,
    ...zeroFeedback(),
    aliases: [],
    extra,
    evidence: [`${meta.created.slice(0, 10)}: ${plural(meta.observations, "observation")} in ${meta.sessions} of ${plural(sessionsInWindow, "session")} (from the first release's file)`],
    body: observedBody(kind, meta.pattern, meta, sessionsInWindow)
  };
}
function scanInstincts(home, opts = {}) {
  const classify = opts.classify ?? true;
  const dir = layout.instincts(home);
  const out = [];
  for (const f of listDir(dir)) {
    if (!f.endsWith(".md")) continue;
    const path = (0, import_node_path7.join)(dir, f);
    const stamp2 = fileStamp(path);
    const prior = opts.reuse?.get(f);
    if (prior !== void 0 && prior.stamp !== void 0 && prior.stamp === stamp2) {
      out.push(prior);
      continue;
    }
    const bytes = readIfFile(path);
    if (bytes === void 0) continue;
    const text = bytes.toString("utf8");
    const e = { file: f, stamp: stamp2, text, pristine: false };
    try {
      e.value = parseInstinct2(text);
      e.pristine = classify && renderInstinct2(e.value) === text;
    } catch (err) {
      const legacy = /\nsource: /.test(text.slice(0, text.indexOf("\n---\n", 3) + 1)) ? void 0 : parseInstinct(text);
      const converted = legacy ? fromLegacy(legacy) : void 0;
      if (legacy && converted) {
        e.legacy = legacy;
        e.value = converted;
        e.pristine = classify && renderInstinct(legacy) === text;
      } else {
        e.problem = err instanceof FileProblem ? err.message : String(err);
      }
    }
    if (e.value && `${e.value.id}.md` !== f) {
      e.problem = `its id "${e.value.id}" does not match its file name`;
      delete e.value;
    }
    out.push(e);
  }
  return out;
}
function classifyEntry(e) {
  if (e.value === void 0) return;
  e.pristine = e.legacy ? renderInstinct(e.legacy) === e.text : renderInstinct2(e.value) === e.text;
}
function scanFacts(home, opts = {}) {
  const classify = opts.classify ?? true;
  const dir = layout.facts(home);
  const out = [];
  for (const f of listDir(dir)) {
    if (!f.endsWith(".md")) continue;
    const path = (0, import_node_path7.join)(dir, f);
    const stamp2 = fileStamp(path);
    const prior = opts.reuse?.get(f);
    if (prior !== void 0 && prior.stamp !== void 0 && prior.stamp === stamp2) {
      out.push(prior);
      continue;
    }
    const bytes = readIfFile(path);
    if (bytes === void 0) continue;
    const text = bytes.toString("utf8");
    const e = { file: f, stamp: stamp2, text, pristine: false };
    try {
      e.value = parseFact(text);
      e.pristine = classify && renderFact(e.value) === text;
      if (`${e.value.id}.md` !== f) {
        e.problem = `its id "${e.value.id}" does not match its file name`;
        delete e.value;
      }
    } catch (err) {
      e.problem = err instanceof FileProblem ? err.message : String(err);
    }
    out.push(e);
  }
  return out;
}

// store/files/txn.ts
var import_node_fs12 = require("node:fs");
var import_node_path8 = require("node:path");
var counter2 = 0;
var STORE_DIRS = ["instincts", "facts", "archive"];
var STORE_FILES = ["aliases.json", "store.json"];
var StoreTxn = class {
  constructor(home) {
    this.home = home;
  }
  home;
  /** path -> new text, or null to remove it. */
  staged = /* @__PURE__ */ new Map();
  /** Every path this change's commits wrote or removed. */
  touched = /* @__PURE__ */ new Set();
  /**
   * Stages `text` at `path` (a store file); returns false, and stages nothing, when the file
   * holds that text already (an unchanged file keeps its mtime). A folder there is refused.
   */
  write(path, text) {
    if (isFolder2(path)) throw new DataHomeError(`${path} is a folder, expected a file of the instinct store; move it aside`);
    let same = false;
    try {
      same = readDataFile(path).equals(Buffer.from(text));
    } catch {
    }
    if (same) {
      this.staged.delete(path);
      return false;
    }
    this.staged.set(path, text);
    return true;
  }
  /** Stages a new file (an archive entry) under a name that `taken` said is free. */
  create(path, text) {
    this.staged.set(path, text);
  }
  remove(path) {
    if (this.staged.get(path) !== void 0 && !(0, import_node_fs12.existsSync)(path)) this.staged.delete(path);
    else this.staged.set(path, null);
  }
  /** Whether a name is in use: on disk, or by this change. */
  taken(path) {
    const s = this.staged.get(path);
    return s === void 0 ? (0, import_node_fs12.existsSync)(path) : s !== null;
  }
  /** Commits what is staged with these events (see the top of this file); a failure leaves the store as it was. */
  commit(events) {
    const lines = eventLines(events);
    const writes = [...this.staged].filter((w) => w[1] !== null);
    const removes = [...this.staged].filter(([, t]) => t === null).map(([p]) => p);
    this.staged.clear();
    if (writes.length === 0 && removes.length === 0 && lines === "") return;
    for (const [p] of writes) this.touched.add(p);
    for (const p of removes) this.touched.add(p);
    const home = this.home;
    const moves = [];
    const journalPath = layout.storeJournal(home);
    const eventsPath = layout.events(home);
    let journal;
    const made = [];
    const folder = (dir) => {
      if (!(0, import_node_fs12.existsSync)(dir)) made.push(dir);
      ensurePrivateDir(dir);
    };
    try {
      for (const [path, text] of writes) {
        folder((0, import_node_path8.dirname)(path));
        const tmp = `${path}.${process.pid}.${++counter2}.tmp`;
        writeNewFile(tmp, Buffer.from(text), PRIVATE_FILE);
        moves.push([tmp, path]);
      }
      journal = { v: 1, at: sizeOf(eventsPath), lines, moves: moves.map(([t, p]) => [rel(home, t), rel(home, p)]), removes: removes.map((p) => rel(home, p)) };
      folder(layout.state(home));
      writeFileAtomic(journalPath, `${JSON.stringify(journal)}
`, { skipIfSame: false });
    } catch (e) {
      for (const [tmp] of moves) (0, import_node_fs12.rmSync)(tmp, { force: true });
      removeFolders(made);
      throw e;
    }
    if (lines !== "") {
      try {
        appendLine(eventsPath, lines);
      } catch (e) {
        undo(home, journal);
        removeFolders(made);
        throw e;
      }
    }
    apply(home, journal);
  }
};
function removeFolders(dirs) {
  for (const d of [...new Set(dirs)].reverse()) {
    try {
      (0, import_node_fs12.rmdirSync)(d);
    } catch {
    }
  }
}
function sizeOf(path) {
  try {
    return (0, import_node_fs12.lstatSync)(path).size;
  } catch {
    return 0;
  }
}
function isFolder2(path) {
  try {
    return (0, import_node_fs12.lstatSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function rel(home, path) {
  return (0, import_node_path8.relative)(home, path).split(import_node_path8.sep).join("/");
}
function inHome(home, p, tmpOf) {
  const bad = () => new DataHomeError(`${layout.storeJournal(home)} names ${JSON.stringify(p)?.slice(0, 80)}, not a file of the store; move the journal aside`);
  if (typeof p !== "string" || p === "" || (0, import_node_path8.isAbsolute)(p) || (0, import_node_path8.normalize)(p) !== p.split("/").join(import_node_path8.sep) || p.split("/").includes("..")) throw bad();
  const parts = p.split("/");
  const ok = tmpOf !== void 0 ? p.startsWith(`${tmpOf}.`) && /^\.\d+\.\d+\.tmp$/.test(p.slice(tmpOf.length)) : parts.length === 2 && STORE_DIRS.includes(parts[0]) || parts.length === 1 && STORE_FILES.includes(p);
  if (!ok) throw bad();
  return (0, import_node_path8.join)(home, ...parts);
}
function readJournal(home) {
  let text;
  try {
    text = readDataFile(layout.storeJournal(home)).toString("utf8");
  } catch (e) {
    if (e.code === "ENOENT") return void 0;
    throw e;
  }
  let j;
  try {
    j = JSON.parse(text);
  } catch {
    throw new DataHomeError(`${layout.storeJournal(home)} does not read as JSON; it is not one homunculus wrote: move it aside`);
  }
  if (j?.v !== 1 || !Number.isInteger(j.at) || j.at < 0 || typeof j.lines !== "string" || !Array.isArray(j.moves) || !Array.isArray(j.removes)) {
    throw new DataHomeError(`${layout.storeJournal(home)} is not a store journal homunculus wrote: move it aside`);
  }
  for (const m of j.moves) {
    if (!Array.isArray(m) || m.length !== 2) throw new DataHomeError(`${layout.storeJournal(home)} is not a store journal homunculus wrote: move it aside`);
    inHome(home, m[1]);
    inHome(home, m[0], m[1]);
  }
  for (const r of j.removes) inHome(home, r);
  return j;
}
function linesIn(home, j) {
  if (j.lines === "") return true;
  let fd;
  try {
    fd = (0, import_node_fs12.openSync)(layout.events(home), READ_NOFOLLOW);
  } catch {
    return false;
  }
  try {
    const want = Buffer.from(j.lines);
    const size = (0, import_node_fs12.fstatSync)(fd).size;
    const got = Buffer.alloc(Math.max(0, Math.min(size - j.at, want.length + 1)));
    (0, import_node_fs12.readSync)(fd, got, 0, got.length, j.at);
    return got.equals(want) || got[0] === 10 && got.subarray(1).equals(want);
  } finally {
    (0, import_node_fs12.closeSync)(fd);
  }
}
function apply(home, j) {
  for (const [tmp, path] of j.moves) {
    const t = (0, import_node_path8.join)(home, tmp);
    if ((0, import_node_fs12.existsSync)(t)) (0, import_node_fs12.renameSync)(t, (0, import_node_path8.join)(home, path));
  }
  for (const r of j.removes) (0, import_node_fs12.rmSync)((0, import_node_path8.join)(home, r), { force: true });
  (0, import_node_fs12.rmSync)(layout.storeJournal(home), { force: true });
}
function undo(home, j) {
  try {
    const fd = (0, import_node_fs12.openSync)(layout.events(home), import_node_fs12.constants.O_RDWR | import_node_fs12.constants.O_NOFOLLOW | import_node_fs12.constants.O_NONBLOCK);
    try {
      if ((0, import_node_fs12.fstatSync)(fd).size > j.at) (0, import_node_fs12.ftruncateSync)(fd, j.at);
    } finally {
      (0, import_node_fs12.closeSync)(fd);
    }
  } catch {
  }
  for (const [tmp] of j.moves) (0, import_node_fs12.rmSync)((0, import_node_path8.join)(home, tmp), { force: true });
  (0, import_node_fs12.rmSync)(layout.storeJournal(home), { force: true });
}
function recoverStore(home) {
  const j = readJournal(home);
  if (j === void 0) return void 0;
  if (linesIn(home, j)) {
    apply(home, j);
    return "finished";
  }
  undo(home, j);
  return "undone";
}
function unchanged(entries, dir, txn) {
  const out = /* @__PURE__ */ new Map();
  for (const e of entries) if (e.stamp !== void 0 && !txn.touched.has((0, import_node_path8.join)(dir, e.file))) out.set(e.file, e);
  return out;
}

// store/files/migrate.ts
var STORE_VERSION = 2;
function migrated(home) {
  const bytes = readIfFile(layout.storeMarker(home));
  if (bytes === void 0) return false;
  try {
    return JSON.parse(bytes.toString("utf8")).version === STORE_VERSION;
  } catch {
    return false;
  }
}
function migrateLegacy(home, config, nowIso, opts = {}) {
  const report = { migrated: [], keptUserEdits: [] };
  if (migrated(home)) return report;
  return withStoreLock(
    home,
    () => {
      recoverStore(home);
      if (migrated(home)) return report;
      const promoted = promotedKeys(home);
      const events = [];
      const txn = new StoreTxn(home);
      for (const e of scanInstincts(home)) {
        if (!e.legacy || !e.value) continue;
        const x = e.value;
        const at = promoted.get(x.pattern);
        if (at !== void 0) x.promoted_at = at;
        finishLevelState(x, at !== void 0, Date.parse(nowIso), config);
        if (!e.pristine) report.keptUserEdits.push(keepUserVersion(home, x.id, e.text, nowIso, txn));
        txn.write((0, import_node_path9.join)(layout.instincts(home), e.file), renderInstinct2(x));
        events.push(event(nowIso, x, x.confidence, "migrated from the first release"));
        report.migrated.push(x.id);
      }
      txn.write(layout.storeMarker(home), `${JSON.stringify({ version: STORE_VERSION, migrated_at: nowIso })}
`);
      txn.commit(events);
      return report;
    },
    opts
  );
}

// store/promotion/scope.ts
var keyOf = (p) => `${p.kind}:${p.key}`;
function scopePatterns(pa, config) {
  const holds = /* @__PURE__ */ new Map();
  for (const [project, a] of pa.projects) {
    for (const p of a.tracked) {
      const k = keyOf(p);
      holds.set(k, [...holds.get(k) ?? [], { project, p }]);
    }
  }
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const add = (k, fallback) => {
    if (seen.has(k)) return;
    seen.add(k);
    const list2 = holds.get(k) ?? [];
    const projects = list2.map((h) => h.project).sort();
    if (list2.length === 1 && projects.length < config.universalProjects) {
      out.push({ p: list2[0].p, scope: "project", project: list2[0].project, projects });
      return;
    }
    const candidates = [...list2.map((h) => h.p), ...fallback ? [fallback] : []].sort(byStrength);
    out.push({ p: candidates[0], scope: "global", projects });
  };
  for (const p of pa.all.tracked) add(keyOf(p), p);
  for (const [k, list2] of holds) add(k, allPattern(pa.all, k) ?? list2[0].p);
  return keepTracked(out.sort((a, b) => byStrength(a.p, b.p)), config.maxInstincts, (o) => o.p, config);
}
function allPattern(a, k) {
  return a.tracked.find((p) => keyOf(p) === k);
}

// store/files/index-read.ts
var import_node_fs13 = require("node:fs");
var INDEX_VERSION = 1;
function dirStamps(home) {
  const out = {};
  for (const [k, path] of [["instincts", layout.instincts(home)], ["facts", layout.facts(home)]]) {
    try {
      const st = (0, import_node_fs13.lstatSync)(path);
      out[k] = `${st.mtimeMs}:${st.ino}`;
    } catch {
      out[k] = "absent";
    }
  }
  return out;
}

// store/files/index-file.ts
function strip(x) {
  const { body: _b, evidence: _e, tail: _t, extra: _x, ...rest } = x;
  return rest;
}
function buildIndex(instincts, facts, dirs) {
  const stamps = {};
  const problems = [];
  for (const [dir, list2] of [["instincts", instincts], ["facts", facts]]) {
    for (const e of list2) {
      if (e.stamp !== void 0) stamps[`${dir}/${e.file}`] = e.stamp;
      if (e.problem !== void 0) problems.push({ file: `${dir}/${e.file}`, problem: e.problem });
    }
  }
  return {
    version: INDEX_VERSION,
    stamps,
    instincts: instincts.filter((e) => e.value).map((e) => strip(e.value)),
    facts: facts.filter((e) => e.value).map((e) => strip(e.value)),
    problems,
    ...dirs ? { dirs } : {}
  };
}
function writeIndex(home, reuse) {
  const dirs = dirStamps(home);
  const instincts = scanInstincts(home, { classify: false, ...reuse ? { reuse: reuse.instincts } : {} });
  const facts = scanFacts(home, { classify: false, ...reuse ? { reuse: reuse.facts } : {} });
  try {
    writeFileAtomic(layout.storeIndex(home), JSON.stringify(buildIndex(instincts, facts, dirs)));
  } catch {
  }
}

// store/promotion/observed.ts
var OBSERVED_SLUG = new RegExp(`^(?:chain|error-retry|${LEARNERS.map((m) => m.prefix).join("|")})-`);
function whyNotTracked2(x, config, patternOf) {
  const k = analyzerKey(x.pattern);
  const p = k ? patternOf.get(`${k.kind}:${k.key}`) : void 0;
  if (p === void 0) return { reason: `not seen in the ${config.windowDays}-day window`, confidence: 0 };
  const why = whyNotTracked(p, config);
  if (why !== void 0) return { reason: why, confidence: p.confidence };
  return { reason: `not among the ${config.maxInstincts} most confident patterns`, confidence: p.confidence };
}
function adjustmentAfter(prev, lastSeen, config) {
  let adjustment = prev?.adjustment;
  let runs = prev?.adjustment_runs;
  let expired = false;
  const newEvidence = prev === void 0 || lastSeen > prev.last_seen;
  if (adjustment !== void 0 && prev?.adjustment_at !== void 0 && newEvidence && lastSeen > prev.adjustment_at) {
    runs = (runs ?? config.adjustmentAnalyses) - 1;
    if (runs < 0) {
      adjustment = void 0;
      runs = void 0;
      expired = true;
    }
  }
  return { adjustment, runs, expired };
}
function observedInstinct(op, id, prev, promotedAt, nowIso, config) {
  const p = op.p;
  const prevMeta = prev ? { first_seen: prev.first_seen, created: prev.created } : void 0;
  const meta = metaFor(p, prevMeta, nowIso);
  const { id: _id, kind: _kind, pattern: _pattern, confidence: score, observations, sessions, first_seen, last_seen, state: _state, created, ...stats } = meta;
  const extra = { ...stats };
  const { adjustment, runs, expired } = adjustmentAfter(prev, last_seen, config);
  const confidence = clamp(score + (adjustment ?? 0), config);
  const x = {
    id,
    pattern: storeKey(p.kind, p.key),
    category: KINDS2[p.kind].category,
    domain: observedDomain(p.kind, p.key),
    trigger: observedTrigger(p.kind, p.key),
    action: observedAction(p.kind, p.key),
    explain: observedExplain(p.kind, p.key, observations, sessions, p.sessionsInWindow),
    scope: op.scope,
    ...op.project !== void 0 ? { project: op.project } : {},
    projects: op.projects,
    // A learner may say its instincts are the user's word (the calls they stopped).
    source: learnerModule(p.kind)?.source ?? "observed",
    confidence,
    observations,
    level: "seedling",
    state: "active",
    sessions,
    session_ids: [],
    first_seen,
    last_seen,
    created,
    ...prev ? { confirmed: prev.confirmed, contradicted: prev.contradicted, corrected: prev.corrected, suggested: prev.suggested, inactive: prev.inactive } : zeroFeedback(),
    aliases: prev?.aliases ?? [],
    score,
    extra,
    evidence: prev?.evidence ?? [],
    body: observedBody(p.kind, p.key, { confidence, observations, first_seen, last_seen, sessions }, p.sessionsInWindow)
  };
  if (promotedAt !== void 0) x.promoted_at = promotedAt;
  if (prev?.contradicts?.length) x.contradicts = prev.contradicts;
  Object.assign(x, { claim: p.claim, hits: p.hits, opportunities: p.opportunities, rate: round4(p.rate), lift: Math.round(p.lift * 100) / 100 });
  if (prev?.evolved_to !== void 0) {
    x.evolved_to = prev.evolved_to;
    x.confidence = prev.confidence;
  }
  if (adjustment !== void 0) {
    x.adjustment = adjustment;
    x.adjustment_runs = runs ?? config.adjustmentAnalyses;
    x.adjustment_at = prev.adjustment_at;
  }
  if (prev === void 0 || prev.observations !== observations) {
    const where = op.scope === "project" ? ` (project ${op.project})` : op.projects.length ? ` (projects ${op.projects.join(", ")})` : "";
    x.evidence = withEvidence(x.evidence, `${nowIso.slice(0, 16)}Z: ${plural(observations, "observation")} in ${sessions} of ${plural(p.sessionsInWindow, "session")}${where}`);
  }
  finishLevelState(x, promotedAt !== void 0, Date.parse(nowIso), config);
  return { x, expired };
}
var GENERATED_LINE = /^(?:# Instinct: .*|- (?:Confidence|Observations|First seen|Last seen|Sessions): .*|)$/;
function handEdited(e) {
  if (!e.pristine) return true;
  const x = e.value;
  if (x === void 0 || e.legacy) return false;
  return (x.tail ?? "").trim() !== "" || x.body.split("\n").some((l) => !GENERATED_LINE.test(l));
}
function writeObserved(home, pa, config, nowIso, promotedNow) {
  recoverStore(home);
  migrateLegacy(home, config, nowIso, { lockHeld: true });
  const txn = new StoreTxn(home);
  const instDir = layout.instincts(home);
  const archDir = layout.archive(home);
  const entries = scanInstincts(home);
  const existing = /* @__PURE__ */ new Map();
  const occupied = /* @__PURE__ */ new Set();
  const unreadable = /* @__PURE__ */ new Map();
  for (const e of entries) {
    occupied.add(e.file.slice(0, -3));
    if (e.value === void 0 && OBSERVED_SLUG.test(e.file)) unreadable.set(e.file.slice(0, -3), e);
    if (observedSource(e.value)) existing.set(e.value.id, e);
  }
  const byKey2 = /* @__PURE__ */ new Map();
  for (const e of existing.values()) byKey2.set(e.value.pattern, e);
  const promoted = promotedNow ?? promotedKeys(home);
  const scoped = scopePatterns(pa, config);
  const out = { written: [], unchanged: [], archived: [], keptUserEdits: [], deferred: [], keep: /* @__PURE__ */ new Map(), scoped };
  const events = [];
  let created = 0;
  for (const op of scoped) {
    const key2 = storeKey(op.p.kind, op.p.key);
    const prevEntry = byKey2.get(key2);
    let id = prevEntry?.value?.id ?? slugFor(op.p.kind, op.p.key);
    if (prevEntry === void 0) {
      if (created >= config.maxNewInstinctsPerRun && !promoted.has(key2)) {
        out.deferred.push(key2);
        continue;
      }
      const broken = unreadable.get(id);
      if (broken !== void 0 && !out.keep.has(id)) {
        out.keptUserEdits.push(keepUserVersion(home, id, broken.text, nowIso, txn));
        occupied.delete(id);
        unreadable.delete(id);
      }
      for (let n = 1; out.keep.has(id) || occupied.has(id); n++) id = `${slugFor(op.p.kind, op.p.key)}-${n}`;
      created++;
    }
    const prev = prevEntry?.value;
    const { x, expired } = observedInstinct(op, id, prev, promoted.get(key2), nowIso, config);
    out.keep.set(id, x.created);
    const text = renderInstinct2(x);
    if (prevEntry && handEdited(prevEntry) && prevEntry.text !== text) out.keptUserEdits.push(keepUserVersion(home, id, prevEntry.text, nowIso, txn));
    if (prevEntry?.legacy) events.push(event(nowIso, x, prev.confidence, "migrated from the first release"));
    const delta = x.confidence - (prev?.confidence ?? 0);
    if (Math.abs(delta) > 0) events.push(event(nowIso, x, delta, expired ? "analysis; the feedback adjustment is outweighed by new evidence" : prev ? "analysis" : "analysis: new instinct"));
    const changed = txn.write((0, import_node_path10.join)(instDir, `${id}.md`), text);
    (changed ? out.written : out.unchanged).push(id);
  }
  let patternOf;
  for (const [id, e] of existing) {
    if (out.keep.has(id)) continue;
    const x = e.value;
    if (promoted.has(x.pattern)) {
      out.keep.set(id, x.created);
      out.unchanged.push(id);
      continue;
    }
    patternOf ??= new Map(pa.all.patterns.map((p) => [`${p.kind}:${p.key}`, p]));
    const { reason, confidence } = whyNotTracked2(x, config, patternOf);
    if (handEdited(e)) out.keptUserEdits.push(keepUserVersion(home, id, e.text, nowIso, txn));
    const archived = {
      ...x,
      state: "archived",
      extra: { ...x.extra, final_confidence: round4(confidence), archived_at: nowIso, archive_reason: reason },
      evidence: withEvidence(x.evidence, `Archived: ${nowIso.slice(0, 10)} (${reason})`)
    };
    txn.create((0, import_node_path10.join)(archDir, `${id}--${stamp(nowIso)}.md`), renderInstinct2(archived));
    txn.remove((0, import_node_path10.join)(instDir, `${id}.md`));
    if (e.legacy) events.push(event(nowIso, x, x.confidence, "migrated from the first release"));
    events.push(event(nowIso, x, -x.confidence, `archived: ${reason}`));
    out.archived.push({ id, pattern: analyzerKey(x.pattern)?.key ?? x.pattern, reason, confidence });
  }
  txn.commit(events);
  writeIndex(home, { instincts: unchanged(entries, instDir, txn), facts: /* @__PURE__ */ new Map() });
  return out;
}

// runs/history-file.ts
var num2 = (v, lo, hi) => typeof v === "number" && Number.isFinite(v) && v >= lo && v <= hi;
function usable(p) {
  const x = p;
  return typeof x === "object" && x !== null && typeof x.key === "string" && kindInfo(x.kind)?.tokens(x.key) !== void 0 && num2(x.confidence, 0, 1) && num2(x.rate, 0, 1) && num2(x.recency, 0, 1) && num2(x.observations, 0, 1e12) && num2(x.sessions, 0, 1e9) && num2(x.hits, 0, 1e12) && num2(x.opportunities, 0, 1e12) && num2(x.lift, 0, Infinity) && num2(x.firstSeen, 0, 864e13) && num2(x.lastSeen, 0, 864e13);
}
function readHistory(home) {
  let v;
  try {
    v = JSON.parse(readDataFile(layout.history(home)).toString("utf8"));
  } catch {
    return emptyHistory();
  }
  const out = emptyHistory();
  if (typeof v?.projects !== "object" || v.projects === null) return out;
  for (const [id, c] of Object.entries(v.projects)) {
    if (!/^[0-9a-f]{12}$/.test(id) || typeof c !== "object" || c === null || Number.isNaN(Date.parse(c.importedAt)) || !Array.isArray(c.patterns)) continue;
    const prefixes = typeof c.prefixes === "object" && c.prefixes !== null ? Object.fromEntries(Object.entries(c.prefixes).filter(([k, n]) => k.split("->").length === 2 && k.split("->").every((s) => kindInfo("chain")?.tokens(`${s}->${s}->${s}`) !== void 0) && num2(n, 0, 1e12))) : void 0;
    out.projects[id] = { importedAt: c.importedAt, lastRecord: String(c.lastRecord), sessions: Number(c.sessions) || 0, patterns: c.patterns.filter(usable), ...prefixes && Object.keys(prefixes).length ? { prefixes } : {} };
  }
  return out;
}

// runs/observation-cache.ts
var import_node_fs15 = require("node:fs");

// runs/observation-file.ts
var import_node_fs14 = require("node:fs");
var TOOL = "[A-Za-z0-9_.:-]{1,128}";
var WORD = "[A-Za-z0-9._:+@-]{1,40}";
var CANONICAL = new RegExp(
  '\\{"v":1,"ts":"\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z","tool":"(' + TOOL + ')","ok":(true|false),"ms":(?:\\d{1,15}|null),"prev":(?:"' + TOOL + '"|null),"prev2":(?:"' + TOOL + '"|null),"session":"([A-Za-z0-9_-]{1,128})","project":(?:"([0-9a-f]{12})"|null),"event":"PostToolUse(?:Failure)?"(?:,"id":"[A-Za-z0-9_-]{1,128}"())?(?:,"detail":"(' + WORD + "(?: " + WORD + "){0," + (DETAIL_WORDS - 1) + '})")?(?:,"agent":"[A-Za-z0-9_.:-]{1,64}")?(?:,"agentId":"([A-Za-z0-9_-]{1,128})")?(?:,"stop":"(interrupt|reject)")?\\}\\r?(?:\\n|$)',
  "y"
);
var TS_AT = 13;
var PROJECT_ID2 = /^[0-9a-f]{12}$/;
var BEFORE_ID = 140;
function idAt(text, start, end) {
  const at = text.indexOf(',"id":"', start + BEFORE_ID);
  if (at === -1 || at >= end) return 0;
  return idHash(text, at + 7, text.indexOf('"', at + 7));
}
function digits(text, at, n) {
  let v = 0;
  for (let k = 0; k < n; k++) v = v * 10 + text.charCodeAt(at + k) - 48;
  return v;
}
var lastDate = "#";
var lastDayMs = Number.NaN;
function dayAt(text, at) {
  if (text.startsWith(lastDate, at)) return lastDayMs;
  const y = digits(text, at, 4);
  const mo = digits(text, at + 5, 2);
  const d = digits(text, at + 8, 2);
  let ms = Number.NaN;
  if (y >= 100 && mo >= 1 && mo <= 12 && d >= 1 && (d <= 28 || d <= (mo === 2 ? y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28 : mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31))) ms = Date.UTC(y, mo - 1, d);
  lastDate = text.slice(at, at + 10);
  lastDayMs = ms;
  return ms;
}
function isoAt(text, at) {
  const day = dayAt(text, at);
  const h = digits(text, at + 11, 2);
  const mi = digits(text, at + 14, 2);
  const s = digits(text, at + 17, 2);
  if (h > 23 || mi > 59 || s > 59) return Number.NaN;
  return day + h * 36e5 + mi * 6e4 + s * 1e3 + digits(text, at + 20, 3);
}
function validDetail2(d) {
  if (typeof d !== "string") return false;
  const parts = d.split(" ");
  return parts.length <= DETAIL_WORDS && parts.every((p) => DETAIL_PART.test(p));
}
function addLine(text, start, end, into) {
  CANONICAL.lastIndex = start;
  const m = CANONICAL.exec(text);
  if (m !== null && CANONICAL.lastIndex >= end) {
    const ts = isoAt(text, start + TS_AT);
    if (!Number.isNaN(ts)) {
      into.add(ts, m[1], m[2] === "true", m[3], m[7], m[6], m[4], m[5] === void 0 ? 0 : idAt(text, start, end), m[8]);
      return true;
    }
  }
  return addJsonLine(text.slice(start, end), into);
}
function addJsonLine(line, into) {
  let r;
  try {
    r = JSON.parse(line);
  } catch {
    return false;
  }
  if (typeof r !== "object" || r === null) return false;
  const o = r;
  const ts = typeof o["ts"] === "string" ? isoToMs(o["ts"]) : Number.NaN;
  if (o["v"] !== 1 || Number.isNaN(ts)) return false;
  if (typeof o["tool"] !== "string" || !TOOL_NAME.test(o["tool"])) return false;
  if (typeof o["ok"] !== "boolean") return false;
  if (typeof o["session"] !== "string" || !ID.test(o["session"])) return false;
  const agentId = o["agentId"];
  if (agentId !== void 0 && (typeof agentId !== "string" || !ID.test(agentId))) return false;
  const detail = o["detail"];
  if (detail !== void 0 && !validDetail2(detail)) return false;
  const project = typeof o["project"] === "string" && PROJECT_ID2.test(o["project"]) ? o["project"] : void 0;
  const id = typeof o["id"] === "string" && ID.test(o["id"]) ? idHash(o["id"]) : 0;
  const stop = o["ok"] === false && (o["stop"] === "interrupt" || o["stop"] === "reject") ? o["stop"] : void 0;
  into.add(ts, o["tool"], o["ok"], o["session"], agentId, detail, project, id, stop);
  return true;
}
var CHUNK = 256 * 1024;
function readObservationFile(fd, offset, into, counts) {
  const from = into.mark();
  try {
    return readLines(fd, offset, into, counts);
  } finally {
    into.dropRepeats(from);
  }
}
function readLines(fd, offset, into, counts) {
  let buf = Buffer.allocUnsafe(CHUNK);
  let filled = 0;
  let pos = offset;
  for (; ; ) {
    if (filled === buf.length) {
      const bigger = Buffer.allocUnsafe(buf.length * 2);
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
    }
    const n = (0, import_node_fs14.readSync)(fd, buf, filled, buf.length - filled, pos + filled);
    if (n === 0) return pos;
    filled += n;
    const lastNl = buf.lastIndexOf(10, filled - 1);
    if (lastNl === -1) continue;
    const text = buf.toString("latin1", 0, lastNl);
    let start = 0;
    while (start <= text.length) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      if (end > start) {
        counts.lines++;
        if (!addLine(text, start, end, into)) counts.malformed++;
      }
      start = end + 1;
    }
    const consumed = lastNl + 1;
    buf.copy(buf, 0, consumed, filled);
    filled -= consumed;
    pos += consumed;
  }
}

// runs/observation-cache.ts
var VERSION = 6;
var EDGE = 4096;
var RECORD_BYTES = 29;
var COLUMNS = [
  ["ts", Float64Array, 0, 8],
  ["stream", Int32Array, 8, 4],
  ["tool", Int32Array, 12, 4],
  ["detail", Int32Array, 16, 4],
  ["project", Int32Array, 20, 4],
  ["id", Int32Array, 24, 4],
  ["ok", Uint8Array, 28, 1]
];
function columnsAt(ab, at, stride, m) {
  const [ts, stream, tool, detail, project, id, ok] = COLUMNS.map(([, make, before]) => new make(ab, at + stride * before, m));
  return { ts, stream, tool, detail, project, id, ok };
}
function encode(h, t) {
  const json = Buffer.from(JSON.stringify(h));
  const pad = (8 - (4 + json.length) % 8) % 8;
  const head = Buffer.alloc(4 + json.length + pad, 32);
  head.writeUInt32LE(json.length + pad, 0);
  json.copy(head, 4);
  return [head, ...COLUMNS.map(([name]) => t[name]).map((col) => Buffer.from(col.buffer, col.byteOffset, col.byteLength))];
}
function checkedHeader(json, fileBytes) {
  let h;
  try {
    h = JSON.parse(json.toString("utf8"));
  } catch {
    return void 0;
  }
  return h.version === VERSION && fileBytes === 4 + json.length + h.length * RECORD_BYTES ? h : void 0;
}
function decode(buf) {
  if (buf.length < 4) return void 0;
  const hl = buf.readUInt32LE(0);
  if (4 + hl > buf.length) return void 0;
  const h = checkedHeader(buf.subarray(4, 4 + hl), buf.length);
  if (h === void 0) return void 0;
  const n = h.length;
  let ab;
  let at = buf.byteOffset + 4 + hl;
  if (at % 8 === 0) {
    ab = buf.buffer;
  } else {
    const body = new Uint8Array(n * RECORD_BYTES);
    body.set(buf.subarray(4 + hl));
    ab = body.buffer;
    at = 0;
  }
  return {
    header: h,
    table: {
      length: n,
      ...columnsAt(ab, at, n, n),
      projects: h.projects,
      streams: h.streams,
      streamSession: h.streamSession,
      sessions: h.sessions,
      tools: h.tools,
      details: h.details
    }
  };
}
function header(key2, offset, counts, t) {
  return {
    version: VERSION,
    ...key2,
    offset,
    lines: counts.lines,
    malformed: counts.malformed,
    duplicates: counts.duplicates,
    length: t.length,
    streams: t.streams,
    streamSession: t.streamSession,
    sessions: t.sessions,
    tools: t.tools,
    details: t.details,
    projects: t.projects
  };
}
function bytesAt(fd, pos, len) {
  const buf = Buffer.allocUnsafe(len);
  let got = 0;
  while (got < len) {
    const n = (0, import_node_fs15.readSync)(fd, buf, got, len - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return buf.toString("base64", 0, got);
}
function edges(fd, offset) {
  return { head: bytesAt(fd, 0, Math.min(EDGE, offset)), tail: bytesAt(fd, Math.max(0, offset - EDGE), Math.min(EDGE, offset)) };
}
function openObservationFile(path) {
  let fd;
  try {
    fd = (0, import_node_fs15.openSync)(path, READ_NOFOLLOW);
  } catch (e) {
    if (e.code === "ELOOP") {
      throw new DataHomeError(`${path} is a symbolic link; homunculus never follows links in its data home: remove it (or replace it with the file)`);
    }
    throw e;
  }
  if (!(0, import_node_fs15.fstatSync)(fd).isFile()) {
    (0, import_node_fs15.closeSync)(fd);
    throw new DataHomeError(`${path} is not a file (a folder?), expected an observation file; move it out of the observations folder`);
  }
  return fd;
}
function loadObservationFile(path, cachePath, opts = {}) {
  const fd = openObservationFile(path);
  try {
    return load(fd, path, cachePath, opts.writeCache !== false);
  } finally {
    (0, import_node_fs15.closeSync)(fd);
  }
}
function load(fd, path, cachePath, writeCache2) {
  const st = (0, import_node_fs15.fstatSync)(fd, { bigint: true });
  let cached2;
  if (cachePath !== void 0) {
    try {
      cached2 = decode(readDataFile(cachePath));
    } catch {
      cached2 = void 0;
    }
  }
  let resume = false;
  if (cached2 && cached2.header.ino === String(st.ino)) {
    const h = cached2.header;
    const { head, tail } = edges(fd, h.offset);
    if (head === h.head && tail === h.tail) {
      if (h.size === Number(st.size) && h.mtimeNs === String(st.mtimeNs)) {
        const state = { ino: h.ino, size: h.size, mtimeNs: h.mtimeNs, offset: h.offset, head: h.head, tail: h.tail, length: h.length, lines: h.lines, malformed: h.malformed, duplicates: h.duplicates };
        return { table: cached2.table, counts: { lines: h.lines, malformed: h.malformed, duplicates: h.duplicates }, source: "cached", state };
      }
      resume = h.offset > 0 && Number(st.size) > h.offset;
    }
  }
  let builder;
  let counts;
  let offset;
  let source;
  let before = 0;
  if (resume && cached2) {
    builder = new TableBuilder(cached2.table.length + 1024, { ids: true });
    builder.addTable(cached2.table);
    counts = { lines: cached2.header.lines, malformed: cached2.header.malformed };
    before = cached2.header.duplicates;
    offset = readObservationFile(fd, cached2.header.offset, builder, counts);
    source = "appended";
  } else {
    builder = new TableBuilder(Math.max(1024, Math.ceil(Number(st.size) / 150)), { ids: true });
    counts = { lines: 0, malformed: 0 };
    offset = readObservationFile(fd, 0, builder, counts);
    source = "parsed";
  }
  const table = builder.build();
  const all = { ...counts, duplicates: before + builder.duplicates };
  const after = (0, import_node_fs15.fstatSync)(fd, { bigint: true });
  const whole2 = Number(after.size) === offset;
  const key2 = { ino: String(after.ino), size: whole2 ? offset : -1, mtimeNs: whole2 ? String(after.mtimeNs) : "", ...edges(fd, offset) };
  if (cachePath !== void 0 && writeCache2) {
    try {
      writeFileAtomic(cachePath, encode(header(key2, offset, all, table), table), { skipIfSame: false, cache: true });
    } catch {
    }
  }
  return { table, counts: all, source, state: { ...key2, offset, length: table.length, lines: counts.lines, malformed: counts.malformed, duplicates: all.duplicates } };
}
function compareFile(path, state) {
  let fd;
  try {
    fd = (0, import_node_fs15.openSync)(path, READ_NOFOLLOW);
  } catch {
    return "other";
  }
  try {
    const st = (0, import_node_fs15.fstatSync)(fd, { bigint: true });
    if (!st.isFile() || String(st.ino) !== state.ino || Number(st.size) < state.offset) return "other";
    const { head, tail } = edges(fd, state.offset);
    if (head !== state.head || tail !== state.tail) return "other";
    if (state.size === Number(st.size) && state.mtimeNs === String(st.mtimeNs)) return "same";
    return Number(st.size) > state.offset ? "grown" : "other";
  } finally {
    (0, import_node_fs15.closeSync)(fd);
  }
}
function cachedProjects(path, cachePath) {
  let fd;
  try {
    fd = (0, import_node_fs15.openSync)(cachePath, READ_NOFOLLOW);
  } catch {
    return void 0;
  }
  try {
    const len = Buffer.alloc(4);
    if ((0, import_node_fs15.readSync)(fd, len, 0, 4, 0) !== 4) return void 0;
    const hl = len.readUInt32LE(0);
    const json = Buffer.alloc(hl);
    if ((0, import_node_fs15.readSync)(fd, json, 0, hl, 4) !== hl) return void 0;
    const h = checkedHeader(json, Number((0, import_node_fs15.fstatSync)(fd).size));
    if (h === void 0 || !Array.isArray(h.projects)) return void 0;
    const st = (0, import_node_fs15.lstatSync)(path, { bigint: true });
    return String(st.ino) === h.ino && Number(st.size) === h.size && String(st.mtimeNs) === h.mtimeNs ? h.projects : void 0;
  } catch {
    return void 0;
  } finally {
    (0, import_node_fs15.closeSync)(fd);
  }
}

// runs/parts-cache.ts
var import_node_fs18 = require("node:fs");
var import_node_path13 = require("node:path");

// analyzer/parts.ts
function plainPattern(p, day0) {
  const days = [];
  for (let d = 0; d < p.perDay.length; d++) if (p.perDay[d] !== 0) days.push(day0 + d, p.perDay[d], p.decayByDay[d]);
  return [p.steps, p.n, p.first, p.last, p.starts, p.retries, p.perSession.length > 0 ? sessionHistogram(p.perSession) : p.sessions, days];
}
function toPlainPart(c) {
  const days = [];
  c.days.forEach((d, i) => {
    if (d.calls !== 0) days.push(c.day0 + i, d.calls, d.failures, d.sessions, c.dayDecay[i]);
  });
  return {
    keys: c.keys,
    sessions: c.sessionsInWindow,
    calls: c.calls,
    future: c.future,
    keyStats: [Array.from(c.keyStats.calls), Array.from(c.keyStats.failedThenAny), Array.from(c.keyStats.okThenAny), Array.from(c.keyStats.okThenSame)],
    days,
    chains: [...c.chains.values()].map((p) => plainPattern(p, c.day0)),
    retries: [...c.errorRetries.values()].map((p) => plainPattern(p, c.day0)),
    learned: [...c.learned.values()].map((p) => [p.key, p.kind, ...plainPattern(p, c.day0)]),
    totals: [...c.totals]
  };
}
var packPart = (p) => ({ keys: p.keys, calls: p.calls, json: JSON.stringify(p) });
var isPacked = (p) => "json" in p;
var partJson = (p) => isPacked(p) ? p.json : JSON.stringify(p);
function mergeParts(parts, day0, nDays) {
  const keys = [];
  const ids2 = /* @__PURE__ */ new Map();
  const maps = parts.map(
    (p) => p.keys.map((k) => {
      let i = ids2.get(k);
      if (i === void 0) {
        i = keys.length;
        keys.push(k);
        ids2.set(k, i);
      }
      return i;
    })
  );
  const K = keys.length;
  const out = emptyCounted(keys, day0, nDays);
  const dense = K * K * K <= 1 << 18;
  const slot = dense ? new Int32Array(K * K * K).fill(-1) : new Int32Array(0);
  const byId = /* @__PURE__ */ new Map();
  const chains = [];
  const retries = new Array(K);
  const add = (c, x) => {
    c.n += x[1];
    if (x[2] < c.first) c.first = x[2];
    if (x[3] > c.last) c.last = x[3];
    c.starts += x[4];
    c.retries += x[5];
    c.sessions = c.sessions.length === 0 ? x[6].slice() : addHistograms(c.sessions, x[6]);
    const days = x[7];
    for (let k = 0; k < days.length; k += 3) {
      const j = days[k] - day0;
      if (j < 0 || j >= nDays) continue;
      c.perDay[j] += days[k + 1];
      c.decayByDay[j] += days[k + 2];
    }
  };
  parts.forEach((any, pi) => {
    const part = isPacked(any) ? JSON.parse(any.json) : any;
    const map = maps[pi];
    out.sessionsInWindow += part.sessions;
    out.calls += part.calls;
    out.future += part.future;
    for (let i = 0; i < part.days.length; i += 5) {
      const j = part.days[i] - day0;
      const o = out.days[j];
      if (o === void 0) continue;
      out.dayDecay[j] += part.days[i + 4];
      o.calls += part.days[i + 1];
      o.failures += part.days[i + 2];
      o.sessions += part.days[i + 3];
    }
    const [calls, failedThenAny, okThenAny, okThenSame] = part.keyStats;
    const t = out.keyStats;
    for (let k = 0; k < map.length; k++) {
      const g = map[k];
      t.calls[g] += calls[k];
      t.failedThenAny[g] += failedThenAny[k];
      t.okThenAny[g] += okThenAny[k];
      t.okThenSame[g] += okThenSame[k];
    }
    for (const x of part.chains) {
      const a = map[x[0][0]];
      const b = map[x[0][1]];
      const c = map[x[0][2]];
      const id = (a * K + b) * K + c;
      let at = dense ? slot[id] : byId.get(id) ?? -1;
      if (at === -1) {
        at = chains.length;
        chains.push(newCount("chain", [a, b, c], x[2], nDays));
        if (dense) slot[id] = at;
        else byId.set(id, at);
      }
      add(chains[at], x);
    }
    for (const x of part.retries) {
      const k = map[x[0][0]];
      add(retries[k] ??= newCount("error-retry", [k], x[2], nDays), x);
    }
    for (const [key2, kind, ...x] of part.learned ?? []) {
      let c = out.learned.get(key2);
      if (c === void 0) {
        c = newCount(kind, [], x[2], nDays);
        c.key = key2;
        out.learned.set(key2, c);
      }
      add(c, x);
    }
    for (const [name, n] of part.totals ?? []) out.totals.set(name, (out.totals.get(name) ?? 0) + n);
  });
  for (const c of chains) {
    c.key = `${keys[c.steps[0]]}->${keys[c.steps[1]]}->${keys[c.steps[2]]}`;
    out.chains.set(c.key, c);
  }
  for (const c of retries) {
    if (c === void 0) continue;
    c.key = `${keys[c.steps[0]]} error-retry`;
    out.errorRetries.set(c.key, c);
  }
  out.activeDays = out.days.filter((d) => d.calls > 0).length;
  return out;
}

// runs/parts-files.ts
var import_node_path11 = require("node:path");
var VERSION2 = 6;
var INDEX = "parts.json";
var firstAfterOf = (sh) => sh.firstAfter === void 0 ? sh.minTs : sh.firstAfter;
function sameRecordsInWindow(sh, windowStartMs) {
  const lastBefore = sh.lastBefore ?? null;
  const firstAfter = firstAfterOf(sh);
  return (lastBefore === null || lastBefore <= windowStartMs) && (firstAfter === null || firstAfter > windowStartMs);
}
var shardPath = (cacheDir, day) => (0, import_node_path11.join)(cacheDir, `parts-${day}.json`);
function readJson(path) {
  try {
    return JSON.parse(readDataFile(path).toString("utf8"));
  } catch {
    return void 0;
  }
}
function readIndex(cacheDir, config) {
  const x = readJson((0, import_node_path11.join)(cacheDir, INDEX));
  if (x === void 0 || x.version !== VERSION2 || x.halfLifeDays !== config.halfLifeDays || x.chainDetail !== config.chainDetail) return void 0;
  if (typeof x.files !== "object" || x.files === null || typeof x.shards !== "object" || x.shards === null) return void 0;
  return x;
}
function isPlainPart(p) {
  if (typeof p !== "object" || p === null) return false;
  const x = p;
  return Array.isArray(x.keys) && Array.isArray(x.days) && Array.isArray(x.chains) && Array.isArray(x.retries) && Array.isArray(x.keyStats) && x.keyStats.length === 4 && typeof x.calls === "number" && typeof x.sessions === "number" && typeof x.future === "number";
}
function readShard(cacheDir, day, gen) {
  const x = readJson(shardPath(cacheDir, day));
  if (x === void 0 || x.version !== VERSION2 || x.gen !== gen || typeof x.projects !== "object" || x.projects === null) return void 0;
  const parts = [x.all, ...Object.values(x.projects)];
  if (!parts.every((p) => p === "all" || isPlainPart(p))) return void 0;
  return { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) };
}
function projectParts(shards, name) {
  const out = [];
  for (const s of shards) {
    const p = s.projects.get(name);
    if (p !== void 0) out.push(p === "all" ? s.all : p);
  }
  return out;
}
function shardJson(gen, c) {
  const projects = [...c.projects].map(([name, p]) => `${JSON.stringify(name)}:${p === "all" ? '"all"' : partJson(p)}`);
  return `{"version":${VERSION2},"gen":${JSON.stringify(gen)},"unnamed":${c.unnamed},"all":${partJson(c.all)},"projects":{${projects.join(",")}}}`;
}
var BASE = "parts-base.json";
function readBase(cacheDir, reusable) {
  const x = readJson((0, import_node_path11.join)(cacheDir, BASE));
  if (x === void 0 || x.version !== VERSION2 || typeof x.members !== "object" || x.members === null || typeof x.projects !== "object" || x.projects === null) return void 0;
  const members = Object.entries(x.members);
  if (members.length < 2 || members.some(([k, gen]) => reusable(k) !== gen)) return void 0;
  if (!isPlainPart(x.all) || !Object.values(x.projects).every(isPlainPart)) return void 0;
  return { shard: { unnamed: x.unnamed === true, all: x.all, projects: new Map(Object.entries(x.projects)) }, members: new Set(members.map(([k]) => k)) };
}
var BASE_REBUILD_AFTER = 4;
var BASE_EDGE_MARGIN_MS = 36e5;
function writeBase(cacheDir, members, shards, day0, nDays) {
  const names = new Set(shards.flatMap((s) => [...s.projects.keys()]));
  const projects = {};
  for (const name of [...names].sort()) {
    projects[name] = toPlainPart(mergeParts(projectParts(shards, name), day0, nDays));
  }
  const file = { version: VERSION2, members: Object.fromEntries(members), unnamed: shards.some((s) => s.unnamed), all: toPlainPart(mergeParts(shards.map((s) => s.all), day0, nDays)), projects };
  try {
    writeFileAtomic((0, import_node_path11.join)(cacheDir, BASE), JSON.stringify(file), { skipIfSame: false, cache: true });
  } catch {
  }
}

// runs/parts-plan.ts
function newShardKey(fileDay, firstTs, days) {
  return fileDay === days.newest || fileDay === days.first ? `${fileDay}T${String(new Date(firstTs).getUTCHours()).padStart(2, "0")}` : fileDay;
}
function currentKey(key2, days) {
  const day = key2.slice(0, 10);
  if (key2.length > 10) return day < days.newest && day !== days.first ? day : key2;
  return day === days.first && day !== days.newest ? void 0 : key2;
}
function firstTimes(ft, from) {
  const first = new Float64Array(ft.sessions.length).fill(Number.NaN);
  for (let i = from; i < ft.length; i++) {
    const s = ft.streamSession[ft.stream[i]];
    if (Number.isNaN(first[s])) first[s] = ft.ts[i];
  }
  return first;
}
function planRun(index, files, days, windowStartMs, nowMs, cacheDir, load2) {
  const plan = { recount: /* @__PURE__ */ new Set(), cached: /* @__PURE__ */ new Map(), base: void 0, homeOf: /* @__PURE__ */ new Map(), fresh: /* @__PURE__ */ new Map(), everything: index === void 0 };
  if (index === void 0) return plan;
  const { recount, cached: cached2, homeOf, fresh } = plan;
  const fileDays = new Set(files.map((f) => f.day));
  const split = /* @__PURE__ */ new Set();
  for (const [key2, sh] of Object.entries(index.shards)) {
    const now = currentKey(key2, days);
    if (now === void 0) {
      recount.add(key2);
      split.add(key2);
      continue;
    }
    for (const s of sh.sessions) homeOf.set(s, now);
    if (now !== key2) recount.add(key2).add(now);
  }
  for (const key2 of Object.keys(index.shards)) if (key2.length > 10 && split.has(key2.slice(0, 10))) recount.add(key2);
  const gone = new Set(Object.keys(index.files).filter((d) => !fileDays.has(d)));
  for (const f of files) {
    const st = index.files[f.day];
    const c = st === void 0 ? "other" : compareFile(f.path, st);
    if (c === "same") continue;
    if (c === "other") gone.add(f.day);
    fresh.set(f.day, c === "grown" ? st.length : 0);
  }
  for (const [day, sh] of Object.entries(index.shards)) {
    const stale = !sh.stable || !sameRecordsInWindow(sh, windowStartMs) || sh.maxTs > nowMs || sh.span.some((d) => gone.has(d) || !fileDays.has(d));
    if (stale) recount.add(day);
  }
  for (const f of files) {
    const from = fresh.get(f.day);
    if (from === void 0) continue;
    const t = load2(f);
    const first = firstTimes(t, from);
    t.sessions.forEach((name, s) => {
      if (Number.isNaN(first[s])) return;
      recount.add(homeOf.get(name) ?? newShardKey(f.day, first[s], days));
    });
  }
  const reuse = Object.keys(index.shards).filter((k) => !recount.has(k));
  const reused = new Set(reuse);
  plan.base = readBase(cacheDir, (k) => reused.has(k) ? index.shards[k].gen : void 0);
  for (const key2 of reuse) {
    if (plan.base?.members.has(key2)) continue;
    const shard = readShard(cacheDir, key2, index.shards[key2].gen);
    if (shard === void 0) recount.add(key2);
    else cached2.set(key2, shard);
  }
  if (cached2.size === 0 && plan.base === void 0) plan.everything = true;
  return plan;
}
function filesToRead(files, plan, index) {
  const fileDays = new Set(files.map((f) => f.day));
  const wanted = /* @__PURE__ */ new Set();
  if (plan.everything) for (const f of files) wanted.add(f.day);
  else {
    for (const day of plan.recount) for (const d of index.shards[day]?.span ?? []) if (fileDays.has(d)) wanted.add(d);
    for (const d of plan.fresh.keys()) wanted.add(d);
  }
  return files.filter((f) => wanted.has(f.day));
}

// runs/reclaim.ts
var import_node_module = require("node:module");
var gc;
function collectGarbage() {
  if (gc === void 0) {
    const exposed = globalThis.gc;
    if (typeof exposed === "function") gc = exposed;
    else {
      const require2 = (0, import_node_module.createRequire)(__homunculus_import_meta_url);
      require2("node:v8").setFlagsFromString("--expose-gc");
      gc = require2("node:vm").runInNewContext("gc");
    }
  }
  gc();
}
var GarbageMeter = class {
  constructor(every, collect = collectGarbage) {
    this.every = every;
    this.collect = collect;
  }
  every;
  collect;
  released = 0;
  let(bytes) {
    this.released += bytes;
    if (this.released >= this.every) {
      this.released = 0;
      this.collect();
    }
  }
  /** Collects now what was let go since the last collection, if anything was. */
  flush() {
    if (this.released === 0) return;
    this.released = 0;
    this.collect();
  }
};

// runs/shard-assign.ts
function assignSessions(chosen, tables, plan, days, budget, meter) {
  const { recount, everything, homeOf } = plan;
  const a = { homeDay: /* @__PURE__ */ new Map(), shardFiles: /* @__PURE__ */ new Map(), shardSize: /* @__PURE__ */ new Map(), sessionSize: /* @__PURE__ */ new Map(), shardSessions: /* @__PURE__ */ new Map() };
  const { homeDay, shardFiles, shardSize, sessionSize, shardSessions } = a;
  let held = 0;
  const firstPass = (fi) => {
    const f = chosen[fi];
    const ft = tables.load(f);
    const per = new Int32Array(ft.sessions.length);
    for (let i = 0; i < ft.length; i++) per[ft.streamSession[ft.stream[i]]]++;
    let first;
    ft.sessions.forEach((name, s) => {
      if (per[s] === 0) return;
      let home = homeDay.get(name) ?? (everything ? void 0 : homeOf.get(name));
      if (home === void 0) {
        home = newShardKey(f.day, (first ??= firstTimes(ft, 0))[s], days);
        recount.add(home);
      }
      homeDay.set(name, home);
      if (!everything && !recount.has(home)) return;
      let sf = shardFiles.get(home);
      if (sf === void 0) shardFiles.set(home, sf = /* @__PURE__ */ new Set());
      sf.add(fi);
      shardSize.set(home, (shardSize.get(home) ?? 0) + per[s]);
      const seen = sessionSize.get(name);
      if (seen === void 0) {
        let list2 = shardSessions.get(home);
        if (list2 === void 0) shardSessions.set(home, list2 = []);
        list2.push(name);
      }
      sessionSize.set(name, (seen ?? 0) + per[s]);
    });
    if (held + ft.length > budget) {
      tables.tables.delete(f.day);
      return ft.length * RECORD_BYTES;
    }
    held += ft.length;
    return 0;
  };
  for (let fi = 0; fi < chosen.length; fi++) meter.let(firstPass(fi));
  return a;
}
function countingUnits(a, budget) {
  const pieceOf = /* @__PURE__ */ new Map();
  const lastPiece = /* @__PURE__ */ new Map();
  const units = [];
  for (const shard of [...a.shardFiles.keys()].sort()) {
    const size = a.shardSize.get(shard);
    if (size <= budget) {
      units.push({ key: shard, files: a.shardFiles.get(shard), size });
      continue;
    }
    const keys = [];
    let n = 0;
    for (const name of a.shardSessions.get(shard)) {
      const c = a.sessionSize.get(name);
      if (keys.length === 0 || n > 0 && n + c > budget) {
        keys.push(`${shard}#${keys.length}`);
        units.push({ key: keys[keys.length - 1], files: a.shardFiles.get(shard), size: 0 });
        n = 0;
      }
      pieceOf.set(name, keys[keys.length - 1]);
      units[units.length - 1].size += c;
      n += c;
    }
    lastPiece.set(keys[keys.length - 1], { shard, keys });
  }
  return { units, unitOf: (name) => pieceOf.get(name) ?? a.homeDay.get(name), lastPiece };
}

// runs/cached-slices.ts
var import_node_fs16 = require("node:fs");
var SLICE_RECORDS = 65536;
var sameState = (a, b) => a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.offset === b.offset && a.head === b.head && a.tail === b.tail && a.length === b.length && a.lines === b.lines && a.malformed === b.malformed && a.duplicates === b.duplicates;
function readExactly(fd, into, pos, path) {
  for (let got = 0; got < into.length; ) {
    const n = (0, import_node_fs16.readSync)(fd, into, got, into.length - got, pos + got);
    if (n === 0) throw new Error(`${path} ended at byte ${pos + got}, expected ${into.length - got} more bytes of records (was it truncated while homunculus read it? it is a cache: remove it)`);
    got += n;
  }
}
var CachedSlices = class _CachedSlices {
  constructor(path, ino, bytes, body, length, h, sliceRecords) {
    this.path = path;
    this.ino = ino;
    this.bytes = bytes;
    this.body = body;
    this.length = length;
    this.sliceRecords = sliceRecords;
    ({ projects: this.projects, streams: this.streams, streamSession: this.streamSession, sessions: this.sessions, tools: this.tools, details: this.details } = h);
  }
  path;
  ino;
  bytes;
  body;
  length;
  sliceRecords;
  projects;
  streams;
  streamSession;
  sessions;
  tools;
  details;
  static open(cachePath, state, sliceRecords = SLICE_RECORDS) {
    let fd;
    try {
      fd = (0, import_node_fs16.openSync)(cachePath, READ_NOFOLLOW);
    } catch {
      return void 0;
    }
    try {
      const st = (0, import_node_fs16.fstatSync)(fd, { bigint: true });
      const size = Number(st.size);
      if (!st.isFile() || size < 4) return void 0;
      const len = Buffer.alloc(4);
      readExactly(fd, len, 0, cachePath);
      const hl = len.readUInt32LE(0);
      if (4 + hl > size) return void 0;
      const hb = Buffer.allocUnsafe(hl);
      readExactly(fd, hb, 4, cachePath);
      const h = checkedHeader(hb, size);
      if (h === void 0 || !sameState(h, state)) return void 0;
      return new _CachedSlices(cachePath, st.ino, size, 4 + hl, h.length, h, Math.max(1, sliceRecords));
    } finally {
      (0, import_node_fs16.closeSync)(fd);
    }
  }
  /**
   * Each slice of the records in order, as a table over this file's strings (its columns are
   * reused for the next slice: copy what you keep). False, with nothing read, when the file is
   * no longer the one opened.
   */
  forEach(each) {
    let fd;
    try {
      fd = (0, import_node_fs16.openSync)(this.path, READ_NOFOLLOW);
    } catch {
      return false;
    }
    try {
      const st = (0, import_node_fs16.fstatSync)(fd, { bigint: true });
      if (st.ino !== this.ino || Number(st.size) !== this.bytes) return false;
      const n = this.length;
      const cap = Math.min(n, this.sliceRecords);
      const ab = new ArrayBuffer(cap * RECORD_BYTES);
      const { body, projects, streams, streamSession, sessions, tools, details } = this;
      for (let a = 0; a < n; a += cap) {
        const m = Math.min(cap, n - a);
        for (const [, , before, width] of COLUMNS) readExactly(fd, new Uint8Array(ab, cap * before, m * width), body + n * before + a * width, this.path);
        each({
          length: m,
          ...columnsAt(ab, 0, cap, m),
          projects,
          streams,
          streamSession,
          sessions,
          tools,
          details
        });
      }
      return true;
    } finally {
      (0, import_node_fs16.closeSync)(fd);
    }
  }
};

// runs/shard-count.ts
var ShardIds = class {
  keys = [];
  ids = /* @__PURE__ */ new Map();
  id(key2) {
    let id = this.ids.get(key2);
    if (id === void 0) this.ids.set(key2, id = this.keys.push(key2) - 1);
    return id;
  }
};
function countBatch(t, files, groupOfSession, opts, day0, nDays, meta, counted, hold) {
  const { windowStartMs, nowMs } = opts;
  const nSessions = t.sessions.length;
  const groupOf = Int32Array.from(t.sessions, groupOfSession);
  const metaOf = (g) => {
    let m = meta.get(g);
    if (m === void 0) meta.set(g, m = { sessions: [], span: /* @__PURE__ */ new Set(), minTs: Infinity, maxTs: -Infinity, projects: /* @__PURE__ */ new Set(), unnamed: false, unnamedInWindow: false, lastBefore: -Infinity, firstAfter: Infinity });
    return m;
  };
  t.sessions.forEach((name, s) => metaOf(groupOf[s]).sessions.push(name));
  for (let f = 0, i = 0; f < files.length; f++) {
    let last = -2;
    for (; i < files[f].end; i++) {
      const g = groupOf[t.streamSession[t.stream[i]]];
      const m = metaOf(g);
      if (g !== last) m.span.add(files[f].day);
      last = g;
      const ts = t.ts[i];
      if (ts < m.minTs) m.minTs = ts;
      if (ts > m.maxTs) m.maxTs = ts;
      if (ts <= windowStartMs) {
        if (ts > m.lastBefore) m.lastBefore = ts;
        continue;
      }
      if (ts < m.firstAfter) m.firstAfter = ts;
      const p = t.project[i];
      if (p !== -1) m.projects.add(p);
      else {
        m.unnamed = true;
        if (ts <= nowMs) m.unnamedInWindow = true;
      }
    }
  }
  const allParts = /* @__PURE__ */ new Map();
  forEachGroupCount(t, { ...opts, groupOf }, (g, c) => allParts.set(g, hold(toPlainPart(c))));
  const groups = new Set(groupOf);
  for (const g of groups) counted.set(g, { unnamed: meta.get(g).unnamedInWindow, all: allParts.get(g) ?? hold(toPlainPart(emptyCounted([], day0, nDays))), projects: /* @__PURE__ */ new Map() });
  for (let p = 0; p < t.projects.length; p++) {
    const only = new Int32Array(nSessions).fill(-1);
    let any = false;
    for (let s = 0; s < nSessions; s++) {
      const g = groupOf[s];
      const m = meta.get(g);
      if (!m.projects.has(p)) continue;
      if (m.projects.size === 1 && !m.unnamed) counted.get(g).projects.set(t.projects[p], "all");
      else {
        only[s] = g;
        any = true;
      }
    }
    if (!any) continue;
    forEachGroupCount(t, { ...opts, project: p, groupOf: only }, (g, c) => counted.get(g).projects.set(t.projects[p], hold(toPlainPart(c))));
  }
}
function mergePieces(from, to, meta, counted, day0, nDays) {
  const ms = from.map((g) => meta.get(g));
  const cs = from.map((g) => counted.get(g));
  meta.set(to, {
    sessions: ms.flatMap((m) => m.sessions),
    span: new Set(ms.flatMap((m) => [...m.span])),
    minTs: Math.min(...ms.map((m) => m.minTs)),
    maxTs: Math.max(...ms.map((m) => m.maxTs)),
    projects: /* @__PURE__ */ new Set(),
    // table indices, meaningful within a batch only
    unnamed: ms.some((m) => m.unnamed),
    unnamedInWindow: ms.some((m) => m.unnamedInWindow),
    lastBefore: Math.max(...ms.map((m) => m.lastBefore)),
    firstAfter: Math.min(...ms.map((m) => m.firstAfter))
  });
  const names = [...new Set(cs.flatMap((c) => [...c.projects.keys()]))].sort();
  const projects = /* @__PURE__ */ new Map();
  const whole2 = names.length === 1 && !ms.some((m) => m.unnamed);
  const all = packPart(toPlainPart(mergeParts(cs.map((c) => c.all), day0, nDays)));
  for (const name of names) {
    if (whole2) projects.set(name, "all");
    else {
      projects.set(name, packPart(toPlainPart(mergeParts(projectParts(cs, name), day0, nDays))));
    }
  }
  counted.set(to, { unnamed: cs.some((c) => c.unnamed), all, projects });
  for (const g of from) {
    meta.delete(g);
    counted.delete(g);
  }
}
function countShards(chosen, tables, { units, unitOf, lastPiece }, ids2, opts, day0, nDays, budget, meter, check) {
  const counted = /* @__PURE__ */ new Map();
  const meta = /* @__PURE__ */ new Map();
  const hold = units.reduce((n, u) => n + u.size, 0) > budget ? packPart : (p) => p;
  const open = /* @__PURE__ */ new Map();
  const evict = (fileSet) => {
    let dropped = 0;
    for (const [fi, ft] of open) {
      if (fileSet.has(fi)) continue;
      open.delete(fi);
      if (!(ft instanceof CachedSlices)) dropped += ft.length * RECORD_BYTES;
    }
    return dropped;
  };
  const countUnits = (batch, fileSet, size) => {
    const fileIdx = [...fileSet].sort((x, y) => x - y);
    const builder = new TableBuilder(size + 16);
    const ends = [];
    for (const fi of fileIdx) {
      const f = chosen[fi];
      const whole2 = () => loadObservationFile(f.path, f.cachePath, { writeCache: false }).table;
      const keepOf = (t2) => {
        const keep2 = new Uint8Array(t2.streams.length);
        t2.streamSession.forEach((s, stream) => keep2[stream] = batch.has(unitOf(t2.sessions[s])) ? 1 : 0);
        return keep2;
      };
      let ft = tables.tables.get(f.day) ?? open.get(fi);
      if (ft === void 0) {
        const state = tables.states.get(f.day);
        open.set(fi, ft = (state === void 0 ? void 0 : CachedSlices.open(f.cachePath, state)) ?? whole2());
      }
      let keep = keepOf(ft);
      const idsOf = builder.idsOf(ft, keep);
      if (!(ft instanceof CachedSlices)) builder.addRecords(ft, idsOf, keep);
      else if (!ft.forEach((slice) => builder.addRecords(slice, idsOf, keep))) {
        open.set(fi, ft = whole2());
        keep = keepOf(ft);
        builder.addRecords(ft, builder.idsOf(ft, keep), keep);
      }
      ends.push(builder.length);
    }
    const t = builder.build();
    check("joining the window");
    countBatch(t, fileIdx.map((fi, k) => ({ day: chosen[fi].day, end: ends[k] })), (name) => ids2.id(unitOf(name)), opts, day0, nDays, meta, counted, hold);
    for (const key2 of batch) {
      const split = lastPiece.get(key2);
      if (split !== void 0) mergePieces(split.keys.map((k) => ids2.id(k)), ids2.id(split.shard), meta, counted, day0, nDays);
    }
    return t.length * RECORD_BYTES;
  };
  let batches = 0;
  for (let b = 0; b < units.length; batches++) {
    const batch = /* @__PURE__ */ new Set();
    const fileSet = /* @__PURE__ */ new Set();
    let size = 0;
    while (b < units.length && (batch.size === 0 || size + units[b].size <= budget)) {
      batch.add(units[b].key);
      for (const fi of units[b].files) fileSet.add(fi);
      size += units[b].size;
      b++;
    }
    meter.let(evict(fileSet));
    meter.let(countUnits(batch, fileSet, size));
  }
  open.clear();
  if (batches > 1) meter.flush();
  return { counted, meta };
}

// runs/window-files.ts
var import_node_fs17 = require("node:fs");
var import_node_path12 = require("node:path");
var WindowTables = class {
  constructor(writes, counts, check) {
    this.writes = writes;
    this.counts = counts;
    this.check = check;
  }
  writes;
  counts;
  check;
  /** Each file read, by day: its state (for the index)... */
  states = /* @__PURE__ */ new Map();
  /** ...and its table, while it is kept. */
  tables = /* @__PURE__ */ new Map();
  /** The file's table: read (and its cache brought up to date with `writes`) the first time, then kept until let go. */
  load(f) {
    let t = this.tables.get(f.day);
    if (t === void 0) {
      const r = loadObservationFile(f.path, f.cachePath, { writeCache: this.writes });
      this.counts[r.source]++;
      this.states.set(f.day, r.state);
      this.tables.set(f.day, t = r.table);
      this.check(`reading ${f.day}.jsonl`);
    }
    return t;
  }
};
var OBSERVATION_FILE2 = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
function listDir2(dir) {
  try {
    return (0, import_node_fs17.readdirSync)(dir).sort();
  } catch (e) {
    if (e.code === "ENOENT") return [];
    throw e;
  }
}
function fileSize(path) {
  try {
    return (0, import_node_fs17.lstatSync)(path).size;
  } catch {
    return 0;
  }
}
function observationFiles(home) {
  const obsDir = layout.observations(home);
  const cacheDir = layout.cache(home);
  const out = [];
  for (const f of listDir2(obsDir)) {
    const m = OBSERVATION_FILE2.exec(f);
    if (m) out.push({ day: m[1], path: (0, import_node_path12.join)(obsDir, f), cachePath: (0, import_node_path12.join)(cacheDir, `${m[1]}.bin`) });
  }
  return out;
}
var bytesOf = (files) => files.reduce((n, f) => n + fileSize(f.path), 0);

// runs/parts-cache.ts
var BUDGET_RECORDS = 2e5;
var COLLECT_EVERY_BYTES = 6 * 1048576;
function analyzeWindowFiles(files, cacheDir, nowMs, config, writes, counts, check, budget = BUDGET_RECORDS) {
  const windowStartMs = nowMs - config.windowDays * DAY_MS;
  const index = readIndex(cacheDir, config);
  const tables = new WindowTables(writes, counts, check);
  const days = { newest: files.length === 0 ? "" : files[files.length - 1].day, first: utcDay(windowStartMs) };
  const plan = planRun(index, files, days, windowStartMs, nowMs, cacheDir, (f) => tables.load(f));
  const chosen = filesToRead(files, plan, index);
  const meter = new GarbageMeter(COLLECT_EVERY_BYTES);
  const assigned = assignSessions(chosen, tables, plan, days, budget, meter);
  const opts = { nowMs, windowStartMs, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, fixWindowCalls: config.fixWindowCalls };
  const { day0, nDays } = windowDays(windowStartMs, nowMs);
  const ids2 = new ShardIds();
  const { counted, meta } = countShards(chosen, tables, countingUnits(assigned, budget), ids2, opts, day0, nDays, budget, meter, check);
  check("scoring the patterns");
  counts.reused += plan.cached.size + (plan.base?.members.size ?? 0);
  counts.counted += counted.size;
  const analyses = mergeAnalyses([...plan.base === void 0 ? [] : [plan.base.shard], ...plan.cached.values(), ...counted.values()], day0, nDays, nowMs, config);
  tallyFiles(files, tables, index, counts);
  if (writes) writeCache({ cacheDir, files, index, tables, plan, ids: ids2, counted, meta, days, windowStartMs, nowMs, day0, nDays, config });
  return analyses;
}
function mergeAnalyses(shards, day0, nDays, nowMs, config) {
  const all = analysisOf(mergeParts(shards.map((s) => s.all), day0, nDays), nowMs, config);
  const names = /* @__PURE__ */ new Set();
  let unnamed = false;
  for (const s of shards) {
    unnamed ||= s.unnamed;
    for (const [name, c] of s.projects) if ((c === "all" ? s.all : c).calls > 0) names.add(name);
  }
  const projects = /* @__PURE__ */ new Map();
  if (names.size === 0) return unnamed ? { all, projects, unattributed: all } : { all, projects };
  if (names.size === 1 && !unnamed) projects.set([...names][0], all);
  else {
    for (const name of [...names].sort()) {
      projects.set(name, analysisOf(mergeParts(projectParts(shards, name), day0, nDays), nowMs, config));
    }
    foldAcrossScopes(all, projects.values(), config);
  }
  return { all, projects };
}
function tallyFiles(files, tables, index, counts) {
  for (const f of files) {
    const st = tables.states.get(f.day) ?? index?.files[f.day];
    if (st !== void 0) {
      counts.malformed += st.malformed;
      counts.duplicates += st.duplicates;
    }
  }
  counts.cached += files.length - counts.appended - counts.parsed - counts.cached;
}
function writeCache({ cacheDir, files, index, tables, plan, ids: ids2, counted, meta, days, windowStartMs, nowMs, day0, nDays, config }) {
  const { cached: cached2, base, recount, everything } = plan;
  const gen = `${Date.now().toString(36)}-${process.pid}`;
  const next = { version: VERSION2, halfLifeDays: config.halfLifeDays, chainDetail: config.chainDetail, files: {}, shards: {} };
  for (const f of files) {
    const st = tables.states.get(f.day) ?? index?.files[f.day];
    if (st !== void 0) next.files[f.day] = st;
  }
  for (const day of cached2.keys()) next.shards[day] = index.shards[day];
  for (const day of base?.members ?? []) next.shards[day] = index.shards[day];
  for (const day of recount) if (!meta.has(ids2.id(day))) (0, import_node_fs18.rmSync)(shardPath(cacheDir, day), { force: true });
  for (const [g, m] of meta) {
    const day = ids2.keys[g];
    const stable = m.maxTs <= nowMs;
    const [lastBefore, firstAfter] = [Number.isFinite(m.lastBefore) ? m.lastBefore : null, Number.isFinite(m.firstAfter) ? m.firstAfter : null];
    next.shards[day] = { gen, sessions: m.sessions, span: [...m.span].sort(), minTs: m.minTs, maxTs: m.maxTs, stable, lastBefore, firstAfter };
    const path = shardPath(cacheDir, day);
    if (!stable) {
      (0, import_node_fs18.rmSync)(path, { force: true });
      continue;
    }
    try {
      writeFileAtomic(path, shardJson(gen, counted.get(g)), { skipIfSame: false, cache: true });
    } catch {
    }
  }
  try {
    writeFileAtomic((0, import_node_path13.join)(cacheDir, INDEX), JSON.stringify(next), { skipIfSame: false, cache: true });
  } catch {
  }
  const settled = [...cached2.keys()].filter((k) => {
    const after = firstAfterOf(next.shards[k]);
    return k.slice(0, 10) !== days.first || after === null || after > windowStartMs + BASE_EDGE_MARGIN_MS;
  });
  if (everything) (0, import_node_fs18.rmSync)((0, import_node_path13.join)(cacheDir, BASE), { force: true });
  else if (base === void 0 || settled.length >= BASE_REBUILD_AFTER) {
    const members = [...base?.members ?? [], ...settled].sort();
    if (members.length >= 2) writeBase(cacheDir, members.map((k) => [k, next.shards[k].gen]), [...base === void 0 ? [] : [base.shard], ...settled.map((k) => cached2.get(k))], day0, nDays);
    else (0, import_node_fs18.rmSync)((0, import_node_path13.join)(cacheDir, BASE), { force: true });
  }
  for (const f of (0, import_node_fs18.readdirSync)(cacheDir)) {
    const m = /^parts-(.+)\.json$/.exec(f);
    if (m !== null && f !== BASE && !next.shards[m[1]]?.stable) (0, import_node_fs18.rmSync)((0, import_node_path13.join)(cacheDir, f), { force: true });
  }
}

// runs/retention.ts
var import_node_fs20 = require("node:fs");
var import_node_path15 = require("node:path");

// store/delivery/turn-feedback.ts
var import_node_fs19 = require("node:fs");
var import_node_path14 = require("node:path");
function meets(step, c) {
  return step === c.tool || c.detail !== void 0 && step === `${c.tool}(${c.detail})`;
}
var failed = (c) => c !== void 0 && !c.ok && c.stop === void 0;
var stopped = (c) => c !== void 0 && c.stop !== void 0;
function namedCall(pattern) {
  const cmd = commandParts(pattern);
  if (cmd !== void 0) return `Bash(${cmd.detail})`;
  return fixSteps(pattern)?.[1] ?? (pattern.startsWith("ask:") ? pattern.slice(4).trim() : void 0);
}
function judge(x, calls) {
  const inactive = (why) => ({ outcome: "inactive", why });
  if (x.pattern.startsWith("seq:")) {
    const steps = x.pattern.slice(4).split("->").map((s) => s.trim());
    if (steps.length < 2) return inactive("not a chain");
    const head = steps.slice(0, -1);
    const last = steps[steps.length - 1];
    for (let i = 0; i + head.length <= calls.length; i++) {
      if (!head.every((s, k) => meets(s, calls[i + k]))) continue;
      const next = calls[i + head.length];
      if (next === void 0) continue;
      if (meets(last, next)) {
        if (stopped(next) || stopped(calls[i + head.length + 1])) return { outcome: "corrected", why: `${head.join("->")}->${last} was followed, then the user stopped a call` };
        return { outcome: "confirmed", why: `${head.join("->")} was followed by ${last}` };
      }
      if (calls.slice(i + head.length).some(failed)) return { outcome: "contradicted", why: `${head.join("->")} was followed by ${next.tool}, not ${last}, and a call failed` };
    }
    return inactive(`${head.join("->")} then ${last} did not apply`);
  }
  if (x.pattern.startsWith("retry:")) {
    const tool = x.pattern.slice(6).trim();
    for (let i = 0; i + 1 < calls.length; i++) {
      if (!(meets(tool, calls[i]) && failed(calls[i]))) continue;
      const next = calls[i + 1];
      if (meets(tool, next)) {
        if (stopped(next)) return { outcome: "corrected", why: `${tool} was retried and the user stopped it` };
        return { outcome: "confirmed", why: `${tool} failed and was retried` };
      }
      if (calls.slice(i + 1).some(failed)) return { outcome: "contradicted", why: `${tool} failed, was not retried, and a call failed` };
    }
    return inactive(`no failed ${tool}`);
  }
  const call = namedCall(x.pattern);
  if (call !== void 0) {
    const made = calls.filter((c) => meets(call, c));
    if (made.length === 0) return inactive(`${call} was not run`);
    if (x.pattern.startsWith("ask:")) return made.some(stopped) ? { outcome: "confirmed", why: `the user stopped ${call} again` } : inactive(`${call} ran and the user let it`);
    if (made.some(stopped)) return { outcome: "corrected", why: `the user stopped ${call}, which it names` };
    if (made.some(failed)) return { outcome: "contradicted", why: `${call} failed` };
    return { outcome: "confirmed", why: `${call} ran and succeeded` };
  }
  if (!x.trigger) return inactive("the prompt did not meet its trigger");
  if (calls.length === 0) return inactive("the turn made no tool call");
  if (calls.some(stopped)) return { outcome: "corrected", why: "the user stopped a call of the turn" };
  if (calls.every((c) => c.ok)) return { outcome: "confirmed", why: `its trigger met the prompt and the turn's ${plural(calls.length, "call")} succeeded` };
  return inactive("a call of the turn failed");
}
var ID3 = /^[A-Za-z0-9_-]{1,128}$/;
var REF_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
function entryOk(e) {
  const o = e;
  return typeof o === "object" && o !== null && typeof o.ts === "string" && !Number.isNaN(Date.parse(o.ts)) && typeof o.session === "string" && ID3.test(o.session) && Number.isInteger(o.turn) && Array.isArray(o.instincts) && o.instincts.every((x) => typeof x?.id === "string" && REF_ID.test(x.id) && typeof x.pattern === "string") && Array.isArray(o.facts) && o.facts.every((f) => typeof f === "string" && REF_ID.test(f));
}
function jsonl(path) {
  const bytes = readIfFile(path);
  if (bytes === void 0) return [];
  const out = [];
  for (const line of bytes.toString("utf8").split("\n")) {
    if (!line) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
    }
  }
  return out;
}
var turnKey = (e) => `${e.session}:${e.turn}:${e.ts}`;
var CATCH_UP_MS = 30 * 6e4;
var JUDGE_DAYS = 7;
function recentInjections(home, nowMs) {
  const fromMs = nowMs - JUDGE_DAYS * DAY_MS;
  const all = [];
  const done = /* @__PURE__ */ new Set();
  const read = (log, judged) => {
    for (const e of jsonl(log)) if (entryOk(e) && Date.parse(e.ts) >= fromMs) all.push(e);
    for (const k of jsonl(judged)) if (typeof k === "string") done.add(k);
  };
  read(layout.legacyInjections(home), layout.legacyInjectionsJudged(home));
  for (let day = Math.floor(fromMs / DAY_MS) * DAY_MS; day <= nowMs; day += DAY_MS) read(layout.injections(home, utcDay(day)), layout.injectionsJudged(home, utcDay(day)));
  return { all, done };
}
function pendingTurns(home, nowMs, session) {
  const { all, done } = recentInjections(home, nowMs);
  const out = [];
  all.forEach((e, i) => {
    if (done.has(turnKey(e))) return;
    const t = Date.parse(e.ts);
    if (e.session !== session && nowMs - t < CATCH_UP_MS) return;
    if (t > nowMs) return;
    const next = all.slice(i + 1).find((n) => n.session === e.session);
    out.push({ entry: e, endMs: next ? Date.parse(next.ts) : nowMs });
  });
  return out;
}
function turnCalls(home, session, fromMs, toMs) {
  const out = [];
  const ids2 = /* @__PURE__ */ new Set();
  for (let day = Date.parse(`${utcDay(fromMs)}T00:00:00.000Z`); day <= toMs; day += DAY_MS) {
    let text;
    try {
      text = readDataFile(layout.observationFile(home, utcDay(day))).toString("utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (!line.includes(session)) continue;
      let r;
      try {
        r = JSON.parse(line);
      } catch {
        continue;
      }
      if (r["session"] !== session || r["agentId"] !== void 0 || typeof r["tool"] !== "string" || typeof r["ok"] !== "boolean") continue;
      const ts = typeof r["ts"] === "string" ? Date.parse(r["ts"]) : Number.NaN;
      if (!(ts >= fromMs && ts <= toMs)) continue;
      const id = r["id"];
      if (typeof id === "string") {
        if (ids2.has(id)) continue;
        ids2.add(id);
      }
      const c = { tool: r["tool"], ok: r["ok"] };
      if (typeof r["detail"] === "string") c.detail = r["detail"];
      if (typeof r["stop"] === "string") c.stop = r["stop"];
      out.push(c);
    }
  }
  return out;
}
var DAY_FILE = /^(\d{4}-\d\d-\d\d)(?:\.judged)?\.jsonl$/;
function pruneInjections(home, pruneBefore, realNowMs) {
  const dir = layout.injectionsDir(home);
  const leftAlone = [];
  for (const f of listDir(dir)) {
    const m = DAY_FILE.exec(f);
    if (m === null || m[1] >= pruneBefore) continue;
    if (!pruneDataFile((0, import_node_path14.join)(dir, f))) leftAlone.push((0, import_node_path14.join)(dir, f));
  }
  for (const path of [layout.legacyInjections(home), layout.legacyInjectionsJudged(home)]) {
    try {
      if ((0, import_node_fs19.lstatSync)(path).mtimeMs >= realNowMs - JUDGE_DAYS * DAY_MS) continue;
      if (!pruneDataFile(path)) leftAlone.push(path);
    } catch {
    }
  }
  return leftAlone;
}
function markJudged(home, entries) {
  const byDay = /* @__PURE__ */ new Map();
  for (const e of entries) {
    const day = utcDay(Date.parse(e.ts));
    let keys = byDay.get(day);
    if (keys === void 0) byDay.set(day, keys = []);
    keys.push(JSON.stringify(turnKey(e)));
  }
  if (byDay.size > 0) assertDataHome(home, ["state", (0, import_node_path14.join)("state", "injections")]);
  for (const [day, keys] of byDay) appendLine(layout.injectionsJudged(home, day), keys.join("\n"));
}
function judgePending(home, nowMs, session) {
  const entries = [];
  const items = [];
  const facts = [];
  for (const { entry, endMs } of pendingTurns(home, nowMs, session)) {
    const calls = turnCalls(home, entry.session, Date.parse(entry.ts), endMs);
    for (const x of entry.instincts) items.push({ id: x.id, pattern: x.pattern, ...judge(x, calls), session: entry.session, turn: entry.turn });
    facts.push(...entry.facts);
    entries.push(entry);
  }
  return { entries, items, facts };
}

// runs/retention.ts
var ARCHIVE_FILE = /^([a-z0-9-]+)--(\d{8}T\d{6}Z)\.md$/;
function removeTempFiles(dirs) {
  const leftAlone = [];
  for (const dir of dirs) for (const f of listDir2(dir)) if (f.endsWith(".tmp") && !pruneDataFile((0, import_node_path15.join)(dir, f))) leftAlone.push((0, import_node_path15.join)(dir, f));
  return leftAlone;
}
function pruneHookState(home, retentionDays) {
  const cutoff = Date.now() - retentionDays * DAY_MS;
  for (const dir of [layout.streams(home), layout.promptCounts(home), layout.sessions(home)]) {
    for (const f of listDir2(dir)) {
      const path = (0, import_node_path15.join)(dir, f);
      try {
        if ((0, import_node_fs20.lstatSync)(path).mtimeMs < cutoff) (0, import_node_fs20.rmSync)(path, { force: true });
      } catch {
      }
    }
  }
}
function stampMs(s) {
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`);
}
function prune(home, files, keep, nowMs, config, report) {
  const pruneBefore = utcDay(nowMs - config.retentionDays * DAY_MS);
  const remove = (path) => {
    if (pruneDataFile(path)) return true;
    (report.notPruned ??= []).push((0, import_node_path15.relative)(home, path));
    return false;
  };
  const kept = /* @__PURE__ */ new Set();
  for (const f of files) {
    if (f.day >= pruneBefore || keep.has(dayOf(Date.parse(`${f.day}T00:00:00Z`)))) {
      kept.add(f.day);
      continue;
    }
    if (remove(f.path)) report.pruned.observations.push(`${f.day}.jsonl`);
    remove(f.cachePath);
  }
  const cacheDir = layout.cache(home);
  for (const f of listDir2(cacheDir)) {
    if (f.endsWith(".bin") && !kept.has(f.slice(0, -4))) remove((0, import_node_path15.join)(cacheDir, f));
  }
  pruneHookState(home, config.retentionDays);
  for (const f of pruneInjections(home, pruneBefore, Date.now())) (report.notPruned ??= []).push((0, import_node_path15.relative)(home, f));
}
function pruneArchive(home, nowMs, config, report) {
  const archDir = layout.archive(home);
  const archived = /* @__PURE__ */ new Map();
  for (const f of listDir2(archDir)) {
    const m = ARCHIVE_FILE.exec(f);
    if (!m) continue;
    const at = stampMs(m[2]);
    if (nowMs - at > config.archivePruneDays * DAY_MS) {
      if (pruneDataFile((0, import_node_path15.join)(archDir, f))) report.pruned.archive.push(f);
      else (report.notPruned ??= []).push((0, import_node_path15.relative)(home, (0, import_node_path15.join)(archDir, f)));
    } else {
      archived.set(utcDay(at), [...archived.get(utcDay(at)) ?? [], m[1]]);
    }
  }
  return archived;
}

// runs/sparse-projects.ts
function olderPresence(files, writes) {
  const out = /* @__PURE__ */ new Map();
  for (const f of files) {
    let projects = cachedProjects(f.path, f.cachePath);
    if (projects === void 0) {
      try {
        projects = loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table.projects;
      } catch {
        projects = [];
      }
    }
    out.set(dayOf(Date.parse(`${f.day}T00:00:00Z`)), new Set(projects));
  }
  return out;
}
function windowPresence(pa) {
  const out = /* @__PURE__ */ new Map();
  for (const [id, a] of pa.projects) {
    for (const d of a.days) {
      if (d.calls === 0) continue;
      const day = dayOf(Date.parse(`${d.day}T00:00:00Z`));
      let set = out.get(day);
      if (set === void 0) out.set(day, set = /* @__PURE__ */ new Set());
      set.add(id);
    }
  }
  return out;
}
function extendSparseProjects(files, presence, pa, nowMs, config, writes) {
  const calendarStart = nowMs - config.windowDays * DAY_MS;
  const byDay = new Map(files.map((f) => [dayOf(Date.parse(`${f.day}T00:00:00Z`)), f]));
  const out = [];
  const changed = [];
  for (const [id, a] of [...pa.projects]) {
    if (a.sessionsInWindow >= config.minSessions) continue;
    const active = [];
    for (const [day, projects] of presence) if (projects.has(id)) active.push(day);
    const start = activeWindowStart(active, config.windowDays, nowMs, calendarStart);
    if (start === void 0) continue;
    const builder = new TableBuilder();
    for (const day of lastActiveDays(active, config.windowDays, dayOf(nowMs))) {
      const f = byDay.get(day);
      if (f !== void 0) builder.addTable(loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table);
    }
    const t = builder.build();
    const index = t.projects.indexOf(id);
    if (index === -1) continue;
    const extended = analyze(t, nowMs, config, index, start);
    pa.projects.set(id, extended);
    changed.push(extended);
    out.push({ project: id, windowStart: new Date(start + 1).toISOString(), sessions: extended.sessionsInWindow });
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return out;
}
function afterHistory(files, pa, history, nowMs, config, writes) {
  const out = [];
  const changed = [];
  for (const [id, carried] of Object.entries(history.projects)) {
    const a = pa.projects.get(id);
    const last = Date.parse(carried.lastRecord);
    if (a === void 0 || !(last > a.windowStartMs)) continue;
    const builder = new TableBuilder();
    const firstDay = utcDay(last);
    for (const f of files) if (f.day >= firstDay) builder.addTable(loadObservationFile(f.path, f.cachePath, { writeCache: writes }).table);
    const t = builder.build();
    const index = t.projects.indexOf(id);
    const after = index === -1 ? void 0 : analyze(t, nowMs, config, index, last);
    if (after === void 0 || after.sessionsInWindow === 0) pa.projects.delete(id);
    else {
      pa.projects.set(id, after);
      changed.push(after);
    }
    out.push(id);
  }
  if (changed.length > 0) foldAcrossScopes(pa.all, changed, config);
  return out;
}

// runs/run.ts
var AnalysisTimeout = class extends Error {
  name = "AnalysisTimeout";
};
function checkDeadline(deadline, where) {
  if (deadline !== void 0 && performance.now() >= deadline.at) {
    throw new AnalysisTimeout(`the analysis stopped after maxAnalysisSeconds (${deadline.seconds} s) while ${where}; nothing was written (raise maxAnalysisSeconds, or shorten windowDays)`);
  }
}
function loadFiles(files, bytes, report, deadline) {
  const builder = new TableBuilder(Math.max(1024, Math.ceil(bytes / 200)));
  for (const f of files) {
    const r = loadObservationFile(f.path, f.cachePath, { writeCache: !report.readOnly });
    report.files.read++;
    report.files[r.source]++;
    report.skipped.malformed += r.counts.malformed;
    report.skipped.duplicates += r.counts.duplicates;
    builder.addTable(r.table);
    checkDeadline(deadline, `reading ${f.day}.jsonl`);
  }
  return builder.build();
}
function emptyReport(now, config, readOnlyReason2) {
  const nowMs = now.getTime();
  return {
    status: "done",
    readOnly: readOnlyReason2 !== void 0,
    ...readOnlyReason2 !== void 0 ? { readOnlyReason: readOnlyReason2 } : {},
    now: now.toISOString(),
    windowStart: new Date(nowMs - config.windowDays * DAY_MS).toISOString(),
    windowDays: config.windowDays,
    files: { read: 0, cached: 0, appended: 0, parsed: 0 },
    shards: { reused: 0, counted: 0 },
    recordsInWindow: 0,
    sessionsInWindow: 0,
    skipped: { malformed: 0, future: 0, duplicates: 0 },
    tracked: [],
    patternsTracked: 0,
    written: [],
    unchanged: [],
    archived: [],
    keptUserEdits: [],
    deferred: [],
    pruned: { observations: [], archive: [] },
    extended: [],
    carried: []
  };
}
function readAndAnalyze(home, nowMs, config, report, keepAnalysis, deadline, partsFromBytes, budgetRecords, noPrune = false) {
  const everyFile = observationFiles(home);
  const firstDay = utcDay(nowMs - config.windowDays * DAY_MS);
  const files = everyFile.filter((f) => f.day >= firstDay);
  const older = everyFile.filter((f) => f.day < firstDay);
  let pa;
  const bytes = bytesOf(files);
  if (bytes < partsFromBytes) {
    const table = loadFiles(files, bytes, report, deadline);
    checkDeadline(deadline, "joining the window");
    pa = analyzeProjects(table, nowMs, config);
    checkDeadline(deadline, "scoring the patterns");
  } else {
    const counts = { cached: 0, appended: 0, parsed: 0, malformed: 0, duplicates: 0, reused: 0, counted: 0 };
    pa = analyzeWindowFiles(files, layout.cache(home), nowMs, config, !report.readOnly, counts, (where) => checkDeadline(deadline, where), budgetRecords);
    report.files = { read: files.length, cached: counts.cached, appended: counts.appended, parsed: counts.parsed };
    report.skipped.malformed += counts.malformed;
    report.skipped.duplicates += counts.duplicates;
    report.shards = { reused: counts.reused, counted: counts.counted };
  }
  const presence = olderPresence(older, !report.readOnly);
  for (const [day, ids2] of windowPresence(pa)) presence.set(day, /* @__PURE__ */ new Set([...presence.get(day) ?? [], ...ids2]));
  report.extended = extendSparseProjects(everyFile, presence, pa, nowMs, config, !report.readOnly);
  const history = readHistory(home);
  afterHistory(everyFile, pa, history, nowMs, config, !report.readOnly);
  report.carried = mergeCarried(pa, history, nowMs, config);
  checkDeadline(deadline, "reaching back for sparse projects");
  if (!report.readOnly && !noPrune) prune(home, everyFile, protectedDays(presence, config.windowDays, dayOf(nowMs - config.retentionDays * DAY_MS), dayOf(nowMs)), nowMs, config, report);
  const a = pa.all;
  report.recordsInWindow = a.recordsInWindow;
  report.sessionsInWindow = a.sessionsInWindow;
  report.skipped.future = a.future;
  report.tracked = scopePatterns(pa, config).map((s) => s.p);
  report.patternsTracked = report.tracked.length;
  if (keepAnalysis) {
    report.analysis = a;
    report.projects = pa;
  }
  return pa;
}
function windowFigures(r) {
  return { now: r.now, windowStart: r.windowStart, windowDays: r.windowDays, recordsInWindow: r.recordsInWindow, sessionsInWindow: r.sessionsInWindow, patternsTracked: r.patternsTracked, ...r.carried.length > 0 ? { carriedProjects: r.carried.length } : {} };
}
function runAnalysis(opts) {
  const { home, now, config } = opts;
  const nowMs = now.getTime();
  const nowIso = now.toISOString();
  const deadline = { at: performance.now() + config.maxAnalysisSeconds * 1e3, seconds: config.maxAnalysisSeconds };
  if (!opts.homeChecked) assertDataHome(home);
  const report = emptyReport(now, config, readOnlyReason(home, nowMs, opts.realNowMs));
  const partsFrom = opts.partsFromBytes ?? config.partsFromMiB * 1048576;
  if (report.readOnly) {
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, true);
    opts.plan?.(pa);
    return report;
  }
  ensurePrivateDir(home);
  const names = dataHomeNames();
  if ((0, import_node_fs21.readdirSync)(home).every((f) => names.has(f) || f.endsWith(".tmp"))) {
    try {
      (0, import_node_fs21.chmodSync)(home, 448);
    } catch {
    }
  }
  const lock = opts.lockHeld ? { release: () => {
  } } : acquireLock(layout.lock(home));
  if ("heldBy" in lock) return { ...report, status: "locked", heldBy: lock.heldBy };
  try {
    const cacheDir = layout.cache(home);
    const instDir = layout.instincts(home);
    const archDir = layout.archive(home);
    ensurePrivateDir(cacheDir);
    recoverStore(home);
    for (const f of removeTempFiles([home, instDir, archDir, layout.facts(home), cacheDir, layout.state(home)])) (report.notPruned ??= []).push((0, import_node_path16.relative)(home, f));
    const pa = readAndAnalyze(home, nowMs, config, report, opts.keepAnalysis, deadline, partsFrom, opts.budgetRecords, opts.noPrune);
    const a = pa.all;
    const promoted = opts.plan?.(pa);
    const w = writeObserved(home, pa, config, nowIso, promoted);
    report.written = w.written;
    report.unchanged = w.unchanged;
    report.archived = w.archived;
    report.keptUserEdits = w.keptUserEdits;
    report.deferred = w.deferred;
    const keep = w.keep;
    const events = { created: /* @__PURE__ */ new Map(), archived: pruneArchive(home, nowMs, config, report) };
    for (const [id, created] of keep) events.created.set(created.slice(0, 10), [...events.created.get(created.slice(0, 10)) ?? [], id]);
    const figures = windowFigures(report);
    writeFileAtomic(layout.dailySummary(home), renderDailySummary(a, events, figures));
    writeFileAtomic(layout.lastAnalysis(home), lastAnalysisText({ ...figures, projects: seenByProject(pa, config) }, (/* @__PURE__ */ new Date()).toISOString()), { skipIfSame: false });
    return report;
  } finally {
    lock.release();
  }
}

// runs/logged-run.ts
var OBSERVATION_FILE3 = /^\d{4}-\d{2}-\d{2}\.jsonl$/;
var gatePath = (home) => (0, import_node_path17.join)(layout.state(home), "analysis-gate.json");
function readGate(home) {
  try {
    const v = JSON.parse(readDataFile(gatePath(home)).toString("utf8"));
    return typeof v?.sizes === "object" && v.sizes !== null ? v.sizes : void 0;
  } catch {
    return void 0;
  }
}
function sizes(home) {
  const out = {};
  let files = [];
  try {
    files = (0, import_node_fs22.readdirSync)(layout.observations(home)).filter((f) => OBSERVATION_FILE3.test(f));
  } catch {
    return out;
  }
  for (const f of files) {
    try {
      const st = (0, import_node_fs22.lstatSync)((0, import_node_path17.join)(layout.observations(home), f));
      if (st.isFile()) out[f] = st.size;
    } catch {
    }
  }
  return out;
}
function newRecords(home, before, now) {
  let n = 0;
  const buf = Buffer.alloc(64 * 1024);
  for (const [f, size] of Object.entries(now)) {
    let at = before[f] ?? 0;
    if (size < at) at = 0;
    if (size === at) continue;
    let fd;
    try {
      fd = (0, import_node_fs22.openSync)((0, import_node_path17.join)(layout.observations(home), f), READ_NOFOLLOW);
    } catch {
      continue;
    }
    try {
      while (at < size) {
        const got = (0, import_node_fs22.readSync)(fd, buf, 0, Math.min(buf.length, size - at), at);
        if (got <= 0) break;
        for (let i = 0; i < got; i++) if (buf[i] === 10) n++;
        at += got;
      }
    } finally {
      (0, import_node_fs22.closeSync)(fd);
    }
  }
  return n;
}
function analysisEvent(report, by, durationMs) {
  const e = {
    ts: report.now,
    kind: "analysis",
    by,
    duration_ms: durationMs,
    status: report.status,
    records_read: report.recordsInWindow,
    sessions: report.sessionsInWindow,
    files: report.files,
    patterns_tracked: report.tracked.length,
    instincts_written: report.written.length,
    instincts_unchanged: report.unchanged.length,
    instincts_archived: report.archived.length,
    deferred: report.deferred.length,
    skipped_records: report.skipped
  };
  if (report.notPruned?.length) e["not_pruned"] = report.notPruned;
  if (report.status === "locked") e["skip"] = `another analysis held the lock${report.heldBy ? ` (pid ${report.heldBy.pid})` : ""}`;
  if (report.readOnly) e["skip"] = `read-only: ${report.readOnlyReason}`;
  return e;
}
function runLoggedAnalysis(opts) {
  const { home, config } = opts;
  const nowIso = opts.now.toISOString();
  let current;
  if (opts.gate && !readOnlyClock(opts)) {
    const before = readGate(home);
    current = sizes(home);
    if (before !== void 0) {
      const n = newRecords(home, before, current);
      if (n < config.minObservationsToAnalyze) {
        safeLog(home, { ts: nowIso, kind: "skip", by: opts.by, new_records: n, skip: `${n} new records since the last analysis, fewer than minObservationsToAnalyze (${config.minObservationsToAnalyze})` });
        return void 0;
      }
    }
  }
  const started = Date.now();
  let report;
  try {
    report = runAnalysis(opts);
  } catch (e) {
    const stopped2 = e instanceof AnalysisTimeout ? { status: "stopped", skip: `maxAnalysisSeconds (${config.maxAnalysisSeconds} s) reached` } : {};
    if (!readOnlyClock(opts)) safeLog(home, { ts: nowIso, kind: "analysis", by: opts.by, duration_ms: Date.now() - started, ...stopped2, error: e?.message ?? String(e) });
    throw e;
  }
  if (!report.readOnly) safeLog(home, analysisEvent(report, opts.by, Date.now() - started));
  if (current !== void 0 && report.status === "done" && !report.readOnly) {
    try {
      writeFileAtomic(gatePath(home), `${JSON.stringify({ sizes: current })}
`, { skipIfSame: false, cache: true });
    } catch {
    }
  }
  return report;
}
function readOnlyClock(opts) {
  return readOnlyReason(opts.home, opts.now.getTime(), opts.realNowMs) !== void 0;
}
function safeLog(home, e) {
  try {
    appendAnalysisEvent(home, e);
  } catch {
  }
}

// claude/paths.ts
var import_node_path18 = require("node:path");
function claudePaths(scope, projectDir, env) {
  const dir = scope === "user" ? (0, import_node_path18.resolve)(env["CLAUDE_CONFIG_DIR"] || (0, import_node_path18.join)(userHome(env), ".claude")) : (0, import_node_path18.join)((0, import_node_path18.resolve)(projectDir), ".claude");
  return {
    dir,
    settings: (0, import_node_path18.join)(dir, scope === "local" ? "settings.local.json" : "settings.json"),
    command: (0, import_node_path18.join)(dir, "commands", "bye.md"),
    rulesLink: (0, import_node_path18.join)(dir, "rules", "homunculus.md")
  };
}

// lib/regular-file.ts
var import_node_fs23 = require("node:fs");
var { O_RDONLY: O_RDONLY2, O_NONBLOCK: O_NONBLOCK2, O_NOFOLLOW: O_NOFOLLOW2 } = import_node_fs23.constants;
var MAX_READ_BYTES = 64 * 1024 * 1024;
function fileKind(st) {
  if (st.isFIFO()) return "a FIFO";
  if (st.isDirectory()) return "a folder";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice() || st.isBlockDevice()) return "a device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return st.isFile() ? "a file" : "not a file";
}
function fail(path, code, message) {
  const e = new Error(message);
  e.code = code;
  e.path = path;
  return e;
}
function openRegular(path, opts = {}) {
  let fd;
  try {
    fd = (0, import_node_fs23.openSync)(path, O_RDONLY2 | O_NONBLOCK2 | (opts.follow === false ? O_NOFOLLOW2 : 0));
  } catch (e) {
    const err = e;
    if (err.code === "ELOOP" && opts.follow === false) throw fail(path, "ELOOP", "expected a regular file, found a symbolic link (not followed here)");
    throw e;
  }
  let st;
  try {
    st = (0, import_node_fs23.fstatSync)(fd);
  } catch (e) {
    (0, import_node_fs23.closeSync)(fd);
    throw e;
  }
  if (!st.isFile()) {
    (0, import_node_fs23.closeSync)(fd);
    throw fail(path, st.isDirectory() ? "EISDIR" : "ENOTREG", `expected a regular file, found ${fileKind(st)}`);
  }
  return { fd, size: st.size };
}
function readBounded(fd, size, path, maxBytes) {
  if (size > maxBytes) throw tooLarge(path, size, maxBytes);
  let buf = Buffer.allocUnsafe(Math.max(size, 4096) + 1);
  let len = 0;
  for (; ; ) {
    if (len === buf.length) {
      if (len > maxBytes) throw tooLarge(path, len, maxBytes);
      const bigger = Buffer.allocUnsafe(Math.min(buf.length * 2, maxBytes + 1));
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    const n = (0, import_node_fs23.readSync)(fd, buf, len, buf.length - len, len);
    if (n === 0) break;
    len += n;
  }
  if (len > maxBytes) throw tooLarge(path, len, maxBytes);
  return buf.subarray(0, len);
}
function tooLarge(path, size, maxBytes) {
  const mib = (n) => `${(n / 1048576).toFixed(1)} MiB`;
  return fail(path, "EFBIG", `expected at most ${mib(maxBytes)}, found ${mib(size)}`);
}
function readRegular(path, opts = {}) {
  const { fd, size } = openRegular(path, opts);
  try {
    return readBounded(fd, size, path, opts.maxBytes ?? MAX_READ_BYTES);
  } finally {
    (0, import_node_fs23.closeSync)(fd);
  }
}
function readRegularText(path, opts = {}) {
  return readRegular(path, opts).toString("utf8");
}
function readRegularTextIfPresent(path, opts = {}) {
  try {
    return readRegularText(path, opts);
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return void 0;
    throw e;
  }
}
function readFailure(e) {
  const err = e;
  if (err.code === "ENOTREG" || err.code === "EFBIG" || err.code === "ELOOP" && err.syscall === void 0) return err.message;
  if (err.code === "EISDIR") return "expected a regular file, found a folder";
  return err.code ?? err.message;
}
function withoutBom(text) {
  return text.charCodeAt(0) === 65279 ? text.slice(1) : text;
}

// lib/config.ts
var import_node_path19 = require("node:path");
var ConfigError = class extends Error {
};
var fraction = (v) => v >= 0 && v <= 1;
var MAX_DAYS = 36500;
var RULES = {
  windowDays: { type: "integer", allowed: "a whole number of days from 1 to 365", check: (v) => v >= 1 && v <= 365 },
  minConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  maxConfidence: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  promoteAt: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  minObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  minSessions: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  maxInstincts: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  taughtStart: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtStep: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtGraceDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  taughtDecayPerWeek: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  taughtFloor: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  confirmDelta: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  confirmHalveAfter: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  confirmQuarterAfter: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  correctDelta: { type: "number", allowed: "a number from 0 to 1 (subtracted)", check: fraction },
  contradictDelta: { type: "number", allowed: "a number from 0 to 1 (subtracted)", check: fraction },
  adjustmentAnalyses: { type: "integer", allowed: "a whole number of analyses, at least 1", check: (v) => v >= 1 && v <= 1e3 },
  matureObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  matureConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  ruleObservations: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  ruleConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  universalProjects: { type: "integer", allowed: "a whole number of projects, at least 2", check: (v) => v >= 2 },
  approvedAt: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneRemoveBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneRemoveUnseenDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  pruneReviewBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  pruneReviewUnseenDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  maxProjectInstincts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxGlobalInstincts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxProjectFacts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxGlobalFacts: { type: "integer", allowed: "a whole number from 1 to 100000", check: (v) => v >= 1 && v <= 1e5 },
  maxNewInstinctsPerRun: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  maxNewFactsPerRun: { type: "integer", allowed: "a whole number from 1 to 1000", check: (v) => v >= 1 && v <= 1e3 },
  duplicateThreshold: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  mergeThreshold: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  searchLimit: { type: "integer", allowed: "a whole number from 1 to 10000", check: (v) => v >= 1 && v <= 1e4 },
  eventRetentionDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  recordProjectPaths: { type: "boolean", allowed: "true or false", check: () => true },
  archivePruneDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  retentionDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  demoteBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  forcedEvalEvery: { type: "integer", allowed: "a whole number of prompts, at least 1", check: (v) => v >= 1 },
  maxInjected: { type: "integer", allowed: "a whole number of items from 0 to 200", check: (v) => v >= 0 && v <= 200 },
  maxInjectionChars: { type: "integer", allowed: "a whole number of characters from 0 to 9000", check: (v) => v >= 0 && v <= 9e3 },
  injectMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  minObservationsToAnalyze: { type: "integer", allowed: "a whole number of records, 0 or more", check: (v) => v >= 0 },
  maxAnalysisSeconds: { type: "number", allowed: "a number of seconds above 0, at most 86400", check: (v) => v > 0 && v <= 86400 },
  partsFromMiB: { type: "number", allowed: "a number of MiB, 0 or more", check: (v) => v >= 0 },
  dreamEveryDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  dreamMinSessions: { type: "integer", allowed: "a whole number of sessions, 0 or more", check: (v) => v >= 0 },
  dreamStaleInactive: { type: "integer", allowed: "a whole number of turns, at least 1", check: (v) => v >= 1 },
  promoteGlobalConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  promoteGlobalConfirmations: { type: "integer", allowed: "a whole number of confirmations, 0 or more", check: (v) => v >= 0 },
  chainDetail: { type: "boolean", allowed: "true or false", check: () => true },
  saturateAt: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  minLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  minRetryLift: { type: "number", allowed: "a number, 0 or more", check: (v) => v >= 0 },
  ratePriorWeight: { type: "number", allowed: "a number of opportunities from 0 to 1000", check: (v) => v >= 0 && v <= 1e3 },
  minRate: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  liveMinOpportunities: { type: "integer", allowed: "a whole number of opportunities, at least 1", check: (v) => v >= 1 },
  fixWindowCalls: { type: "integer", allowed: "a whole number of calls from 2 to 1000", check: (v) => v >= 2 && v <= 1e3 },
  commandWords: { type: "string", allowed: "script names separated by spaces, each of letters, digits and ._:+@- (at most 40 characters)", check: (v) => v.split(/\s+/).every((w) => w === "" || /^[A-Za-z0-9._:+@-]{1,40}$/.test(w)) },
  maxSessionRules: { type: "integer", allowed: "a whole number of items from 0 to 100", check: (v) => v >= 0 && v <= 100 },
  maxSessionChars: { type: "integer", allowed: "a whole number of characters from 0 to 9000", check: (v) => v >= 0 && v <= 9e3 },
  keepRuleSessionShare: { type: "number", allowed: "a number above 0, at most 1", check: (v) => v > 0 && v <= 1 },
  effectMinOpportunities: { type: "integer", allowed: "a whole number, at least 1", check: (v) => v >= 1 },
  effectMinChange: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  graduateMinDays: { type: "number", allowed: `a number of days from 0 to ${MAX_DAYS}`, check: (v) => v >= 0 && v <= MAX_DAYS },
  graduateMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  graduateMinConfirmed: { type: "integer", allowed: "a whole number, 0 or more", check: (v) => v >= 0 },
  graduateMaxContradicted: { type: "integer", allowed: "a whole number, 0 or more", check: (v) => v >= 0 },
  graduateGroupSize: { type: "integer", allowed: "a whole number, at least 2", check: (v) => v >= 2 },
  ttlDays: { type: "number", allowed: `a number of days from 1 to ${MAX_DAYS}`, check: (v) => v >= 1 && v <= MAX_DAYS },
  ttlRemoveBelow: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  evolveMinConfidence: { type: "number", allowed: "a number from 0 to 1", check: fraction },
  // Not just above 0: a subnormal half-life makes the decay rate Infinity, and 0 x Infinity NaN.
  halfLifeDays: { type: "number", allowed: `a number of days from 0.001 to ${MAX_DAYS}`, check: (v) => v >= 1e-3 && v <= MAX_DAYS },
  rulesFile: { type: "string", allowed: "a non-empty file path", check: (v) => v.trim().length > 0 }
};
var CONFIG_KEYS = Object.keys(RULES);
function show3(v) {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
function typeOk(rule, v) {
  if (rule.type === "integer") return typeof v === "number" && Number.isInteger(v);
  if (rule.type === "number") return typeof v === "number" && Number.isFinite(v);
  return typeof v === rule.type;
}
function validateOverrides(raw, origin) {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [`${origin}: expected a JSON object of settings, found ${show3(raw)}`];
  const problems = [];
  for (const [key2, value] of Object.entries(raw)) {
    const rule = Object.hasOwn(RULES, key2) ? RULES[key2] : void 0;
    if (rule === void 0) {
      problems.push(`${origin}: unknown key "${key2}" (value ${show3(value)}); known keys: ${CONFIG_KEYS.join(", ")}`);
    } else if (!typeOk(rule, value)) {
      problems.push(`${origin}: "${key2}" must be ${rule.allowed}, found ${show3(value)} (${Array.isArray(value) ? "array" : value === null ? "null" : typeof value})`);
    } else if (!rule.check(value)) {
      problems.push(`${origin}: "${key2}" must be ${rule.allowed}, found ${show3(value)}`);
    }
  }
  return problems;
}
function crossCheck(c) {
  const p = [];
  if (c.minConfidence > c.maxConfidence) p.push(`"minConfidence" (${c.minConfidence}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.promoteAt <= c.minConfidence) p.push(`"promoteAt" (${c.promoteAt}) must be above "minConfidence" (${c.minConfidence}): a rule must first be an instinct`);
  if (c.promoteAt > c.maxConfidence) p.push(`"promoteAt" (${c.promoteAt}) must not exceed "maxConfidence" (${c.maxConfidence}), or nothing can ever be promoted`);
  if (c.demoteBelow >= c.promoteAt) p.push(`"demoteBelow" (${c.demoteBelow}) must be below "promoteAt" (${c.promoteAt})`);
  if (c.taughtStart > c.maxConfidence) p.push(`"taughtStart" (${c.taughtStart}) must not exceed "maxConfidence" (${c.maxConfidence})`);
  if (c.taughtFloor > c.taughtStart) p.push(`"taughtFloor" (${c.taughtFloor}) must not exceed "taughtStart" (${c.taughtStart}): decay would raise a new instinct`);
  if (c.confirmQuarterAfter < c.confirmHalveAfter) p.push(`"confirmQuarterAfter" (${c.confirmQuarterAfter}) must be at least "confirmHalveAfter" (${c.confirmHalveAfter})`);
  if (c.matureObservations > c.ruleObservations) p.push(`"matureObservations" (${c.matureObservations}) must not exceed "ruleObservations" (${c.ruleObservations})`);
  if (c.matureConfidence > c.ruleConfidence) p.push(`"matureConfidence" (${c.matureConfidence}) must not exceed "ruleConfidence" (${c.ruleConfidence})`);
  if (c.pruneRemoveBelow > c.pruneReviewBelow) p.push(`"pruneRemoveBelow" (${c.pruneRemoveBelow}) must not exceed "pruneReviewBelow" (${c.pruneReviewBelow})`);
  if (c.pruneRemoveUnseenDays < c.pruneReviewUnseenDays) p.push(`"pruneRemoveUnseenDays" (${c.pruneRemoveUnseenDays}) must be at least "pruneReviewUnseenDays" (${c.pruneReviewUnseenDays})`);
  if (c.mergeThreshold > c.duplicateThreshold) p.push(`"mergeThreshold" (${c.mergeThreshold}) must not exceed "duplicateThreshold" (${c.duplicateThreshold})`);
  if (c.retentionDays < c.windowDays) p.push(`"retentionDays" (${c.retentionDays}) must be at least "windowDays" (${c.windowDays}), or observations would be deleted while still in the window`);
  return p;
}
function readJson2(path, optional = false) {
  let text;
  try {
    text = optional ? readRegularTextIfPresent(path) : readRegularText(path);
  } catch (e) {
    throw new ConfigError(`cannot read ${path}: ${readFailure(e)}`);
  }
  if (text === void 0) return void 0;
  try {
    return JSON.parse(withoutBom(text));
  } catch (e) {
    throw new ConfigError(`${path}: expected JSON, ${e.message}`);
  }
}
function readOptionalJson(path) {
  return readJson2(path, true);
}
function loadConfig(home, env, root = packageRoot(), opts = {}) {
  const layers = [
    [(0, import_node_path19.join)(root, "config", "defaults.json"), readJson2((0, import_node_path19.join)(root, "config", "defaults.json"))],
    [(0, import_node_path19.join)(root, "config", "decay-config.json"), readJson2((0, import_node_path19.join)(root, "config", "decay-config.json"))]
  ];
  const userPath = env["HOMUNCULUS_CONFIG"] ? env["HOMUNCULUS_CONFIG"] : layout.config(home);
  const user2 = opts.defaultsOnly ? void 0 : env["HOMUNCULUS_CONFIG"] ? readJson2(userPath) : readOptionalJson(userPath);
  if (user2 !== void 0) layers.push([userPath, user2]);
  const merged = /* @__PURE__ */ Object.create(null);
  const sources = {};
  const problems = [];
  for (const [origin, raw] of layers) {
    const p = validateOverrides(raw, origin);
    problems.push(...p);
    if (p.length === 0) {
      for (const [k, v] of Object.entries(raw)) {
        merged[k] = v;
        sources[k] = origin;
      }
    }
  }
  if (problems.length === 0) {
    const missing = CONFIG_KEYS.filter((k) => k !== "rulesFile" && !(k in merged));
    if (missing.length > 0) problems.push(`config/ is missing defaults for: ${missing.join(", ")}`);
  }
  if (problems.length === 0) problems.push(...crossCheck(merged).map((m) => `${userPath}: ${m}`));
  if (problems.length > 0) throw new ConfigError(`invalid configuration:
  - ${problems.join("\n  - ")}`);
  return { config: { ...merged }, sources };
}

// lib/hook-errors.ts
var import_node_fs24 = require("node:fs");
var MAX_BYTES = 256 * 1024;
function logHookError(home, hook, message, now = /* @__PURE__ */ new Date()) {
  try {
    ensurePrivateDir(home);
    const path = layout.hookErrors(home);
    try {
      if ((0, import_node_fs24.lstatSync)(path).size > MAX_BYTES) (0, import_node_fs24.renameSync)(path, `${path}.1`);
    } catch {
    }
    const oneLine2 = message.replace(/[\r\n]+/g, " ").slice(0, 500);
    appendLine(path, `${now.toISOString()} ${hook}: ${oneLine2}`);
  } catch {
  }
}

// lib/hook-shell.ts
function runHook(name, body) {
  const env = process.env;
  const run = async () => {
    if (env["HOMUNCULUS_DISABLE"] === "1") return;
    let home;
    try {
      home = resolveDataHome(env);
      await body(home, env);
    } catch (e) {
      if (home !== void 0) logHookError(home, name, e?.message ?? String(e));
    }
  };
  run().finally(() => process.exit(0));
}

// observer/payload-scan.ts
var QUOTE = 34;
var BACKSLASH = 92;
var OBJ = 1;
var ARR = 2;
var TOP_FIELDS = /* @__PURE__ */ new Set([
  "session_id",
  "hook_event_name",
  "tool_name",
  "tool_use_id",
  "duration_ms",
  "agent_id",
  "agent_type",
  "cwd",
  "is_interrupt",
  "prompt",
  "stop_hook_active",
  "source",
  "transcript_path",
  "reason",
  "error"
]);
var NESTED_FIELDS = /* @__PURE__ */ new Map([
  ["tool_input", /* @__PURE__ */ new Set(["command"])],
  ["tool_response", /* @__PURE__ */ new Set(["interrupted"])]
]);
var KEY_LIMIT = 64;
var VALUE_LIMIT = 64 * 1024;
function isSpace(c) {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
function decodeString(raw) {
  try {
    return JSON.parse(`"${raw.toString("utf8")}"`);
  } catch {
    return void 0;
  }
}
function oddBackslashesBefore(chunk, end, floor) {
  let k = end - 1;
  while (k >= floor && chunk[k] === BACKSLASH) k--;
  return (end - 1 - k) % 2 === 1;
}
var PayloadScanner = class {
  result = { top: /* @__PURE__ */ new Map(), nested: /* @__PURE__ */ new Map() };
  /** The top-level object has closed. */
  done = false;
  /** The input cannot be a payload (not an object). */
  error;
  bytes = 0;
  stack = [];
  expectKey = false;
  inString = false;
  escape = false;
  stringIsKey = false;
  inScalar = false;
  capturing = false;
  parts = [];
  partsLength = 0;
  overflow = false;
  limit = 0;
  target = "";
  // where a captured value goes: "top:<key>" or "nested:<a.b>"
  key1 = "";
  key2 = "";
  push(chunk) {
    this.bytes += chunk.length;
    let i = 0;
    const n = chunk.length;
    while (i < n && !this.done && this.error === void 0) {
      if (this.inString) {
        i = this.scanString(chunk, i);
        continue;
      }
      const c = chunk[i];
      if (this.inScalar) {
        if (c === 44 || c === 125 || c === 93 || isSpace(c)) {
          this.inScalar = false;
          this.endCapture(false);
          continue;
        }
        if (this.capturing) this.take(chunk, i, i + 1);
        i++;
        continue;
      }
      i++;
      if (isSpace(c)) continue;
      const depth = this.stack.length;
      if (depth === 0 && c !== 123) {
        this.error = `expected a JSON object, found ${JSON.stringify(String.fromCharCode(c))}`;
        return;
      }
      switch (c) {
        case 123:
          this.stack.push(OBJ);
          this.expectKey = true;
          break;
        case 91:
          this.stack.push(ARR);
          break;
        case 125:
        // }
        case 93:
          this.stack.pop();
          if (this.stack.length === 0) this.done = true;
          if (this.stack.length === 1) this.key2 = "";
          break;
        case 44:
          if (this.stack[depth - 1] === OBJ) this.expectKey = true;
          break;
        case 58:
          break;
        case QUOTE:
          this.inString = true;
          this.escape = false;
          if (this.stack[depth - 1] === OBJ && this.expectKey) {
            this.stringIsKey = true;
            this.expectKey = false;
            if (depth <= 2) this.startCapture(KEY_LIMIT, "key");
          } else {
            this.stringIsKey = false;
            this.startValue(depth);
          }
          break;
        default:
          this.inScalar = true;
          this.startValue(depth);
          if (this.capturing) this.take(chunk, i - 1, i);
      }
    }
  }
  /**
   * Consumes string bytes from i; returns the index after what it consumed. Finds each quote with
   * indexOf (memchr speed) and decides whether it is escaped by the parity of the backslashes
   * just before it: escapes like `\n` are everywhere in file contents and cost nothing here.
   */
  scanString(chunk, i) {
    const n = chunk.length;
    let pos = i;
    if (this.escape) {
      this.escape = false;
      pos++;
    }
    const floor = pos;
    for (; ; ) {
      const q = pos < n ? chunk.indexOf(QUOTE, pos) : -1;
      if (q === -1) {
        this.escape = oddBackslashesBefore(chunk, n, floor);
        if (this.capturing) this.take(chunk, i, n);
        return n;
      }
      if (oddBackslashesBefore(chunk, q, floor)) {
        pos = q + 1;
        continue;
      }
      if (this.capturing) this.take(chunk, i, q);
      this.inString = false;
      this.endCapture(true);
      return q + 1;
    }
  }
  startValue(depth) {
    if (depth === 1 && TOP_FIELDS.has(this.key1)) {
      this.target = `top:${this.key1}`;
      this.startCapture(VALUE_LIMIT, "value");
    } else if (depth === 2 && NESTED_FIELDS.get(this.key1)?.has(this.key2) && this.stack[0] === OBJ && this.stack[1] === OBJ) {
      this.target = `nested:${this.key1}.${this.key2}`;
      this.startCapture(VALUE_LIMIT, "value");
    }
  }
  captureKind = "value";
  startCapture(limit, kind) {
    this.capturing = true;
    this.captureKind = kind;
    this.limit = limit;
    this.parts = [];
    this.partsLength = 0;
    this.overflow = false;
  }
  take(chunk, from, to) {
    if (to <= from || this.overflow) return;
    if (this.partsLength + (to - from) > this.limit) {
      this.overflow = true;
      this.parts = [];
      return;
    }
    this.parts.push(Buffer.from(chunk.subarray(from, to)));
    this.partsLength += to - from;
  }
  endCapture(wasString) {
    if (wasString && this.stringIsKey) {
      const depth = this.stack.length;
      let key2 = "";
      if (this.capturing && !this.overflow) key2 = decodeString(Buffer.concat(this.parts)) ?? "";
      if (depth === 1) this.key1 = key2;
      else if (depth === 2) this.key2 = key2;
      this.capturing = false;
      return;
    }
    if (!this.capturing) return;
    this.capturing = false;
    if (this.overflow || this.captureKind !== "value") return;
    const raw = Buffer.concat(this.parts);
    let value;
    if (wasString) {
      value = decodeString(raw);
    } else {
      try {
        const parsed = JSON.parse(raw.toString("utf8"));
        if (typeof parsed === "number" || typeof parsed === "boolean" || parsed === null) value = parsed;
      } catch {
        value = void 0;
      }
    }
    if (value === void 0) return;
    if (this.target.startsWith("top:")) this.result.top.set(this.target.slice(4), value);
    else this.result.nested.set(this.target.slice(7), value);
  }
  /** Call at end of input: a scalar at the very end has no terminator. */
  finish() {
    if (this.inScalar) {
      this.inScalar = false;
      this.endCapture(false);
    }
  }
};

// observer/stdin.ts
var HOOK_STDIN_LIMITS = { idleMs: 2e3, totalMs: 1e4 };
function scanStdin(limits = HOOK_STDIN_LIMITS) {
  return new Promise((resolve4) => {
    const scanner = new PayloadScanner();
    let settled = false;
    let idle;
    let chunks = 0;
    const settle = (reason) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      if (idle) clearTimeout(idle);
      scanner.finish();
      resolve4({ scanner, reason });
    };
    const expire = (reason) => {
      const seen = chunks;
      setImmediate(() => {
        if (reason === "idle" && chunks !== seen) armIdle();
        else settle(reason);
      });
    };
    const total = setTimeout(() => expire("timeout"), limits.totalMs);
    const armIdle = () => {
      if (chunks === 0) return;
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => expire("idle"), limits.idleMs);
    };
    const stdin = process.stdin;
    stdin.on("data", (chunk) => {
      if (settled) return;
      chunks++;
      scanner.push(chunk);
      if (scanner.done || scanner.error !== void 0) settle("complete");
      else armIdle();
    });
    stdin.on("end", () => settle("eof"));
    stdin.on("error", () => settle("eof"));
  });
}

// store/verbs/dream-run.ts
var import_node_fs27 = require("node:fs");

// store/verbs/dream.ts
var import_node_fs25 = require("node:fs");
var import_node_path20 = require("node:path");

// store/views/candidates.ts
var ROUNDING = 1e-4;
function similarPairs(seqs, threshold, groups) {
  const n = seqs.length;
  const group = (i) => groups?.[i] ?? "";
  const t = threshold - ROUNDING;
  const out = [];
  if (t <= 0) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (group(i) === group(j)) out.push([i, j]);
    return out;
  }
  const tokens = seqs.map((ws, i) => {
    const seen = /* @__PURE__ */ new Map();
    return ws.map((w) => {
      const k = (seen.get(w) ?? 0) + 1;
      seen.set(w, k);
      return `${group(i)}\0${w}#${k}`;
    });
  });
  const freq = /* @__PURE__ */ new Map();
  for (const ts of tokens) for (const tok of ts) freq.set(tok, (freq.get(tok) ?? 0) + 1);
  const index = /* @__PURE__ */ new Map();
  const empty2 = /* @__PURE__ */ new Map();
  const pairs = /* @__PURE__ */ new Set();
  const found = Array.from({ length: n }, () => []);
  for (let j = 0; j < n; j++) {
    const ts = tokens[j];
    if (ts.length === 0) {
      const g = group(j);
      const list2 = empty2.get(g) ?? [];
      for (const i of list2) found[i].push(j);
      list2.push(j);
      empty2.set(g, list2);
      continue;
    }
    const sorted = [...ts].sort((a, b) => freq.get(a) - freq.get(b) || (a < b ? -1 : a > b ? 1 : 0));
    const need = Math.max(1, Math.ceil(t * sorted.length / (2 - t) - 1e-9));
    const prefix = sorted.length - need + 1;
    for (let p = 0; p < prefix; p++) {
      const tok = sorted[p];
      const list2 = index.get(tok);
      if (list2) {
        for (const i of list2) {
          const key2 = i * n + j;
          if (pairs.has(key2)) continue;
          pairs.add(key2);
          found[i].push(j);
        }
        list2.push(j);
      } else index.set(tok, [j]);
    }
  }
  for (let i = 0; i < n; i++) for (const j of found[i].sort((a, b) => a - b)) out.push([i, j]);
  return out;
}
function samePairs(keys) {
  const by = /* @__PURE__ */ new Map();
  const found = keys.map(() => []);
  keys.forEach((k, j) => {
    if (k === void 0) return;
    const list2 = by.get(k) ?? [];
    for (const i of list2) found[i].push(j);
    list2.push(j);
    by.set(k, list2);
  });
  const out = [];
  found.forEach((js, i) => {
    for (const j of js) out.push([i, j]);
  });
  return out;
}
function unionPairs(...lists) {
  const all = lists.flat().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return all.filter((p, k) => k === 0 || p[0] !== all[k - 1][0] || p[1] !== all[k - 1][1]);
}
function withinScopes(xs, find) {
  const globals = [];
  const projects = /* @__PURE__ */ new Map();
  xs.forEach((x, i) => {
    if (x.scope === "global") globals.push(i);
    else {
      const k = x.project ?? "";
      const list2 = projects.get(k) ?? [];
      list2.push(i);
      projects.set(k, list2);
    }
  });
  const runs = projects.size === 0 ? [globals] : [...projects.values()].map((own) => mergeSorted(globals, own));
  return unionPairs(...runs.map((items) => find(items).map(([a, b]) => [items[a], items[b]])));
}
function mergeSorted(a, b) {
  const out = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || i < a.length && a[i] < b[j] ? a[i++] : b[j++]);
  return out;
}

// store/views/word-swaps.ts
var FILLER = /* @__PURE__ */ new Set([
  "a",
  "an",
  "the",
  "to",
  "of",
  "for",
  "in",
  "into",
  "on",
  "at",
  "by",
  "with",
  "from",
  "and",
  "or",
  "as",
  "it",
  "its",
  "this",
  "that",
  "these",
  "those",
  "each",
  "every",
  "all",
  "when",
  "while",
  "then",
  "is",
  "are",
  "be",
  "please",
  "just",
  "also",
  "always",
  "use",
  "uses",
  "using",
  "run",
  "runs",
  "prefer",
  "prefers"
]);
function singular(w) {
  return w.length > 3 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w;
}
function meaningWords(text) {
  return words(text).filter((w) => !FILLER.has(w)).map(singular);
}
function ownWords(a, b) {
  const sa = new Set(a);
  const sb = new Set(b);
  return [[...sa].filter((w) => !sb.has(w)).sort(), [...sb].filter((w) => !sa.has(w)).sort()];
}
function swappedWords(a, b, framed = false) {
  const [oa, ob] = ownWords(a, b);
  if (oa.length === 0 || ob.length === 0) return void 0;
  if (framed && new Set(a).size === oa.length) return void 0;
  return [oa, ob];
}

// store/views/similarity.ts
function memo(fn) {
  const cache = /* @__PURE__ */ new Map();
  return (s) => {
    const hit = cache.get(s);
    if (hit !== void 0 || cache.has(s)) return hit;
    if (cache.size >= 5e4) cache.clear();
    const v = fn(s);
    cache.set(s, v);
    return v;
  };
}
var wordsOf = memo(words);
var keyWords = memo((key2) => {
  const i = key2.indexOf(":");
  return words(i === -1 ? key2 : key2.slice(i + 1));
});
function lcs(a, b) {
  const row = new Array(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j];
      row[j] = a[i - 1] === b[j - 1] ? diag + 1 : Math.max(row[j], row[j - 1]);
      diag = up;
    }
  }
  return row[b.length];
}
function sequenceSimilarity(a, b) {
  if (a.length === 0 && b.length === 0) return 1;
  return 2 * lcs(a, b) / (a.length + b.length);
}
function keySimilarity(a, b) {
  const pa = a.slice(0, a.indexOf(":")).toLowerCase();
  const pb = b.slice(0, b.indexOf(":")).toLowerCase();
  if (pa !== pb) return 0;
  return Math.round(sequenceSimilarity(keyWords(a), keyWords(b)) * 1e4) / 1e4;
}
function textSimilarity(a, b) {
  return Math.round(sequenceSimilarity(wordsOf(a), wordsOf(b)) * 1e4) / 1e4;
}
var OPPOSITES = [
  ["always", "never"],
  ["use", "avoid"],
  ["prefer", "avoid"],
  ["skip", "ensure"],
  ["enable", "disable"],
  ["add", "remove"]
];
var NEGATIONS = /* @__PURE__ */ new Set(["not", "no", "never", "dont", "don't", "don", "t", "without", "avoid", "stop"]);
var POLARITY = /* @__PURE__ */ new Set([...OPPOSITES.flat(), ...NEGATIONS, "do", "to"]);
function polarity(ws) {
  const markers = new Set(ws.filter((w) => OPPOSITES.some(([a, b]) => w === a || w === b)));
  return { negated: ws.some((w) => NEGATIONS.has(w)), markers };
}
function opposed(a, b) {
  const pa = polarity(a);
  const pb = polarity(b);
  for (const [x, y] of OPPOSITES) {
    if (pa.markers.has(x) && pb.markers.has(y) && !pb.markers.has(x) || pa.markers.has(y) && pb.markers.has(x) && !pa.markers.has(x)) return true;
  }
  return pa.negated !== pb.negated;
}
function contradicts(a, b, threshold) {
  if (textSimilarity(a.trigger, b.trigger) < threshold) return false;
  const wa = wordsOf(a.action);
  const wb = wordsOf(b.action);
  const core = (ws) => ws.filter((w) => !POLARITY.has(w));
  if (sequenceSimilarity(core(wa), core(wb)) < threshold) return false;
  return opposed(wa, wb);
}
function keyParts(key2) {
  const i = key2.indexOf(":");
  return (i === -1 ? key2 : key2.slice(i + 1)).toLowerCase().split(/->|\+|,/);
}
function valuesOf(text, isKey = false) {
  const out = /* @__PURE__ */ new Set();
  const parts = isKey ? keyParts(text) : [text.toLowerCase()];
  for (const part of parts) {
    if (isKey) {
      const eq = part.indexOf("=");
      if (eq !== -1) out.add(`=${part.slice(eq + 1).trim()}`);
    } else {
      for (const m of part.matchAll(/=\s*([^\s,;]+)/g)) out.add(`=${m[1]}`);
    }
    for (const w of words(part)) if (/\d/.test(w)) out.add(w);
  }
  return out;
}
var keyValues = memo((k) => [...valuesOf(k, true)].sort().join("\0"));
var textValues = memo((t) => [...valuesOf(t)].sort().join("\0"));
function valuesDiffer(a, b, isKey = false) {
  return isKey ? keyValues(a) !== keyValues(b) : textValues(a) !== textValues(b);
}
function saidOf(x) {
  return `${x.trigger} ${x.action}`;
}
var keyNameWords = memo((key2) => keyParts(key2).flatMap((p) => {
  const eq = p.indexOf("=");
  return meaningWords(eq === -1 ? p : p.slice(0, eq));
}));
var actionWords = memo(meaningWords);
function valueWords(a, b, isKey) {
  const own = (x, y) => [...new Set([...x].filter((v) => !y.has(v)).map((v) => v.replace(/^=/, "")))].sort();
  const va = valuesOf(a, isKey);
  const vb = valuesOf(b, isKey);
  return [own(va, vb), own(vb, va)];
}
function mergeLost(a, b) {
  if (valuesDiffer(a.pattern, b.pattern, true)) return { in: "value", words: valueWords(a.pattern, b.pattern, true) };
  if (valuesDiffer(saidOf(a), saidOf(b))) return { in: "value", words: valueWords(saidOf(a), saidOf(b), false) };
  const k = swappedWords(keyNameWords(a.pattern), keyNameWords(b.pattern), true);
  if (k) return { in: "key", words: k };
  if (observedSource(a) || observedSource(b)) return void 0;
  const w = swappedWords(actionWords(a.action), actionWords(b.action));
  return w ? { in: "action", words: w } : void 0;
}
function mergeLoses(a, b) {
  return mergeLost(a, b) !== void 0;
}
var settingOf = memo((key2) => {
  const parts = keyParts(key2);
  if (parts.length !== 1) return void 0;
  const eq = parts[0].indexOf("=");
  if (eq === -1) return void 0;
  return `${key2.slice(0, key2.indexOf(":") + 1).toLowerCase()}${words(parts[0].slice(0, eq)).join(" ")}`;
});
var plainWords = memo((s) => wordsOf(s).filter((w) => !/\d/.test(w)).join(" "));
function valueConflict(a, b) {
  const sa = settingOf(a.pattern);
  if (sa !== void 0 && sa === settingOf(b.pattern) && valuesDiffer(a.pattern, b.pattern, true)) return true;
  if (!valuesDiffer(a.action, b.action)) return false;
  return plainWords(a.action) !== "" && plainWords(a.action) === plainWords(b.action) && plainWords(a.trigger) === plainWords(b.trigger) && !valuesDiffer(a.trigger, b.trigger);
}
function conflicts(a, b, threshold) {
  return contradicts(a, b, threshold) || valueConflict(a, b);
}
function categoryPrefix(key2) {
  return key2.slice(0, key2.indexOf(":")).toLowerCase();
}
function keyPairs(patterns, threshold, groups) {
  return similarPairs(patterns.map(keyWords), threshold, patterns.map((p, i) => `${categoryPrefix(p)}\0${groups?.[i] ?? ""}`));
}
function textPairs(texts, threshold, groups) {
  return similarPairs(texts.map(wordsOf), threshold, groups);
}
function mergeText(x) {
  return `${x.trigger} ${x.action}`.trim();
}
function mergeSimilarity(a, b, c) {
  const k = keySimilarity(a.pattern, b.pattern);
  if (k >= c.mergeThreshold) return k;
  const t = a.category === b.category && a.action !== "" && b.action !== "" ? textSimilarity(mergeText(a), mergeText(b)) : 0;
  return t >= c.duplicateThreshold ? t : 0;
}
function mergePairs(xs, c, groups) {
  const keyed = keyPairs(xs.map((x) => x.pattern), c.mergeThreshold, groups);
  const texted = textPairs(xs.map(mergeText), c.duplicateThreshold, xs.map((x, i) => `${x.category}\0${groups[i]}`));
  return unionPairs(keyed, texted);
}
function conflictPairs(xs, threshold, scoped = false) {
  if (scoped) return withinScopes(xs, (items) => conflictPairs(items.map((i) => xs[i]), threshold));
  return unionPairs(
    // contradicts: alike triggers.
    textPairs(xs.map((x) => x.trigger), threshold),
    // valueConflict: one setting, or the same trigger and action words but for the values.
    samePairs(xs.map((x) => settingOf(x.pattern))),
    samePairs(xs.map((x) => plainWords(x.action) === "" ? void 0 : `${plainWords(x.trigger)}\0${plainWords(x.action)}`))
  );
}

// store/verbs/dream.ts
var emptyPlan = () => ({ removed: [], merged: [], contradictions: [], promoted: [] });
function planIsEmpty(p) {
  return p.removed.length + p.merged.length + p.contradictions.length + p.promoted.length === 0;
}
var user = (x) => !observedSource(x);
var sameScope = (a, b) => a.scope === b.scope && a.project === b.project;
var lower = (s) => s.toLowerCase().replace(/\s+/g, " ").trim();
function said(x) {
  return `${x.trigger} ${x.action}`.trim();
}
function shadows(s, x, threshold) {
  const t = lower(s.text);
  if (t === "") return false;
  const action = lower(x.action);
  if (action.length >= 12 && t.includes(action)) return true;
  return textSimilarity(t, lower(said(x))) >= threshold || action.length > 0 && textSimilarity(t, action) >= threshold;
}
function planDream(all, shadowTexts, nowMs, c) {
  const plan = emptyPlan();
  const gone = /* @__PURE__ */ new Set();
  const conf = /* @__PURE__ */ new Map();
  const eff = (x) => conf.get(x.id) ?? decayed(x.confidence, Date.parse(x.last_seen), nowMs, c);
  const xs = all.filter(user).sort((a, b) => a.id < b.id ? -1 : 1);
  for (const x of xs) {
    const p = pruneCategory(eff(x), Date.parse(x.last_seen), nowMs, c);
    let reason;
    if (p.category === "remove" && !(x.contradicts?.length && !p.reason?.startsWith("unseen"))) reason = p.reason;
    else if (x.confirmed === 0 && x.inactive >= c.dreamStaleInactive) reason = `stale: injected ${plural(x.inactive, "time")} where it did not apply, never confirmed`;
    else {
      const s = shadowTexts.find((t) => shadows(t, x, c.duplicateThreshold));
      if (s) reason = `already said by ${s.where}`;
    }
    if (reason) {
      plan.removed.push({ id: x.id, pattern: x.pattern, reason });
      gone.add(x.id);
    }
  }
  {
    const pairs = [];
    const scopes = xs.map((x) => `${x.scope}\0${x.project ?? ""}`);
    for (const [i, j] of mergePairs(xs, c, scopes)) {
      const a = xs[i];
      const b = xs[j];
      if (gone.has(a.id) || gone.has(b.id) || !sameScope(a, b)) continue;
      const sim = mergeSimilarity(a, b, c);
      if (sim === 0 || mergeLoses(a, b) || conflicts(a, b, c.mergeThreshold)) continue;
      pairs.push({ i, j, sim });
    }
    pairs.sort((p, q) => q.sim - p.sim || p.i - q.i || p.j - q.j);
    for (const p of pairs) {
      const a = xs[p.i];
      const b = xs[p.j];
      if (gone.has(a.id) || gone.has(b.id)) continue;
      const [from, into] = eff(a) > eff(b) || eff(a) === eff(b) && a.observations >= b.observations ? [b, a] : [a, b];
      plan.merged.push({ from: from.id, into: into.id, similarity: p.sim });
      gone.add(from.id);
      conf.set(into.id, Math.max(eff(into), eff(from)));
    }
  }
  const flagged = /* @__PURE__ */ new Set();
  const live2 = xs.filter((x) => !gone.has(x.id));
  for (const [i, j] of conflictPairs(live2, c.mergeThreshold, true)) {
    const a = live2[i];
    const b = live2[j];
    if (!(a.scope === "global" || b.scope === "global" || a.project === b.project)) continue;
    if (a.contradicts?.includes(b.id) || b.contradicts?.includes(a.id)) continue;
    if (!conflicts(a, b, c.mergeThreshold)) continue;
    const weaker = eff(a) < eff(b) || eff(a) === eff(b) && a.last_seen <= b.last_seen ? a : b;
    const stronger = weaker === a ? b : a;
    plan.contradictions.push({ weaker: weaker.id, stronger: stronger.id });
    flagged.add(weaker.id);
  }
  for (const x of live2) {
    if (x.scope !== "project" || x.project === void 0 || flagged.has(x.id) || x.contradicts?.length) continue;
    if (eff(x) >= c.promoteGlobalConfidence && x.confirmed >= c.promoteGlobalConfirmations) plan.promoted.push({ id: x.id, pattern: x.pattern, from_project: x.project });
  }
  return plan;
}
var START = "<!-- homunculus:start -->";
var END = "<!-- homunculus:end -->";
function shadowLines(text, where) {
  const a = text.indexOf(START);
  const b = a === -1 ? -1 : text.indexOf(END, a);
  const own = a !== -1 && b !== -1 ? [a, b + END.length] : void 0;
  const out = [];
  let at = 0;
  text.split("\n").forEach((line, i) => {
    const from = at;
    at += line.length + 1;
    if (own && from >= own[0] && from <= own[1]) return;
    const t = line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").replace(/[*_`]/g, "").trim();
    if (t.length < 8 || t.startsWith("#") || t.startsWith("<!--")) return;
    out.push({ where: `${where}:${i + 1}`, text: t });
  });
  return out;
}
function readText(path) {
  try {
    return readRegularText(path);
  } catch {
    return void 0;
  }
}
function skillDescription(text) {
  const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
  const d = m ? /^description:\s*(.+)$/m.exec(m[1]) : null;
  return d ? d[1].replace(/^["']|["']$/g, "").trim() : void 0;
}
function readShadowTexts(claudeDir, projectRoot2) {
  const out = [];
  const files = [[(0, import_node_path20.join)(claudeDir, "CLAUDE.md"), "~/.claude/CLAUDE.md"]];
  if (projectRoot2) for (const f of ["CLAUDE.md", (0, import_node_path20.join)(".claude", "CLAUDE.md"), "AGENTS.md"]) files.push([(0, import_node_path20.join)(projectRoot2, f), f]);
  for (const [path, where] of files) {
    const t = readText(path);
    if (t !== void 0) out.push(...shadowLines(t, where));
  }
  const skillDirs = [(0, import_node_path20.join)(claudeDir, "skills"), ...projectRoot2 ? [(0, import_node_path20.join)(projectRoot2, ".claude", "skills")] : []];
  for (const dir of skillDirs) {
    let names;
    try {
      names = (0, import_node_fs25.readdirSync)(dir).sort();
    } catch {
      continue;
    }
    for (const name of names) {
      if (name.startsWith("homunculus")) continue;
      const t = readText((0, import_node_path20.join)(dir, name, "SKILL.md"));
      const d = t === void 0 ? void 0 : skillDescription(t);
      if (d) out.push({ where: `skill ${name}`, text: d });
    }
  }
  return out;
}
function dreamDue(last, newSessions, nowMs, c) {
  if (last === void 0) return false;
  return nowMs - Date.parse(last.ts) >= c.dreamEveryDays * DAY_MS && newSessions >= c.dreamMinSessions;
}

// rules/write.ts
function rulesJsonText(doc) {
  return `${JSON.stringify({ version: RULES_FORMAT, rules: doc.rules, ...doc.taught.length ? { taught: doc.taught } : {}, ...doc.withdrawn?.length ? { withdrawn: doc.withdrawn } : {} }, null, 2)}
`;
}
function writeRulesDoc(home, doc) {
  return writeFileAtomic(layout.rulesJson(home), rulesJsonText(doc));
}

// store/promotion/taught-decisions.ts
function decideTaught(previous, instincts, nowMs, config, unreadable = /* @__PURE__ */ new Map()) {
  const nowIso = new Date(nowMs).toISOString();
  const byPattern = new Map(instincts.filter((x) => !observedSource(x)).map((x) => [x.pattern, x]));
  const out = { rules: [], promoted: [], archived: [], held: [] };
  const seen = /* @__PURE__ */ new Set();
  const pct3 = (x) => `${Math.round(x * 100)}%`;
  for (const old of previous) {
    seen.add(old.pattern);
    const x = byPattern.get(old.pattern);
    if (x === void 0) {
      const problem = unreadable.get(old.id);
      if (problem !== void 0) {
        out.rules.push(old);
        out.held.push({ rule: old, reason: `instincts/${old.id}.md does not read (${problem}): kept as it was until the file is fixed` });
      } else out.archived.push({ rule: old, reason: "its taught instinct was removed" });
      continue;
    }
    const eff = effective(x, nowMs, config);
    const rule = { ...toRule(x, old.promoted_at), confidence_now: round4(eff) };
    if (eff < config.demoteBelow) out.archived.push({ rule, reason: `confidence ${pct3(eff)} fell below demoteBelow ${pct3(config.demoteBelow)}` });
    else out.rules.push(rule);
  }
  for (const x of byPattern.values()) {
    if (seen.has(x.pattern)) continue;
    const eff = effective(x, nowMs, config);
    if (x.state === "archived" || eff < config.demoteBelow) continue;
    const level = levelOf({ source: x.source, confidence: eff, observations: x.observations, projects: x.projects.length, promoted: false }, config);
    const proven = (level === "rule" || level === "universal") && eff >= config.ruleConfidence && x.observations >= config.ruleObservations && x.sessions >= config.minSessions;
    if (x.source === "taught" || proven) {
      const rule = { ...toRule(x, nowIso), confidence_now: round4(eff) };
      out.rules.push(rule);
      out.promoted.push(rule);
    }
  }
  out.rules.sort((a, b) => b.confidence_now - a.confidence_now || (a.pattern < b.pattern ? -1 : 1));
  return out;
}
function toRule(x, promotedAt) {
  return {
    id: x.id,
    kind: "taught",
    pattern: x.pattern,
    trigger: x.trigger,
    action: x.action,
    promoted_at: promotedAt,
    confidence_now: x.confidence,
    observations: x.observations,
    sessions: x.sessions,
    scope: x.scope,
    ...x.project !== void 0 ? { project: x.project } : {},
    ...x.source === "imported" ? { source: "imported" } : {}
  };
}

// observer/project-id.ts
var import_node_fs26 = require("node:fs");
var import_node_path21 = require("node:path");
function isPresent(path) {
  try {
    (0, import_node_fs26.statSync)(path);
    return true;
  } catch {
    return false;
  }
}
var WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/][^\\/]+)/;
function rulesFor(path) {
  if (process.platform === "win32") return { p: import_node_path21.win32, native: true };
  return WINDOWS_ABSOLUTE.test(path) ? { p: import_node_path21.win32, native: false } : { p: import_node_path21.posix, native: true };
}
function canonical(p, path) {
  return p === import_node_path21.win32 && /^[a-z]:/.test(path) ? path[0].toUpperCase() + path.slice(1) : path;
}
function projectRoot(cwd, env, exists = isPresent, known) {
  const fromEnv = env["CLAUDE_PROJECT_DIR"];
  const given = fromEnv || cwd;
  if (!given) return void 0;
  const { p, native } = rulesFor(given);
  const start = canonical(p, p.resolve(given));
  if (fromEnv || !native) return start;
  for (let dir = start; ; dir = p.dirname(dir)) {
    if (known?.(projectId(dir))) return dir;
    if (exists(p.resolve(dir, ".git"))) return dir;
    if (p.dirname(dir) === dir) return start;
  }
}
function projectName(root) {
  const { p } = rulesFor(root);
  return p.basename(root) || root;
}
function projectId(root) {
  return fnv1a64Hex(root).slice(0, 12);
}

// lib/safe-text.ts
var MAX = 300;
var INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
function breakExpansions(s) {
  return s.replace(/@(?=[^\s@])/g, "@ ").replace(/\$(?=[A-Za-z0-9_{])/g, "$ ");
}
function safeText(input, max = MAX) {
  if (typeof input !== "string") return "";
  let s = breakExpansions(
    input.replace(INVISIBLE, "").replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    // line breaks and other controls
  ).replace(/!?\[([^\]]*)\]\(/g, "$1 (").replace(/<!--|-->/g, " ").replace(/</g, "\u2039").replace(/`+/g, "'").replace(/javascript\s*:/gi, "javascript ").replace(/\s+/g, " ").trim();
  if (s.length > max) s = `${s.slice(0, max - 1).trimEnd()}\u2026`;
  return s;
}

// store/files/projects.ts
function currentProject(cwd, env, known) {
  const root = projectRoot(cwd, env, void 0, known);
  if (root === void 0) return void 0;
  const id = projectId(root);
  return { id, name: safeText(projectName(root), 100) || id, root };
}

// store/views/snapshot.ts
function readAliases(home) {
  try {
    const v = JSON.parse(readDataFile(aliasesPath(home)).toString("utf8"));
    const out = /* @__PURE__ */ new Map();
    for (const [k, t] of Object.entries(v?.aliases ?? {})) if (typeof t === "string") out.set(k, t);
    return out;
  } catch {
    return /* @__PURE__ */ new Map();
  }
}
function aliasesPath(home) {
  return layout.aliases(home);
}

// store/verbs/mutate.ts
var StoreError = class extends Error {
};
function refuseUnsafeClock(ctx, what) {
  const reason = readOnlyReason(ctx.home, ctx.now.getTime());
  if (reason !== void 0) throw new StoreError(`${what}: refused: ${reason}; nothing was removed, archived or folded`);
}
function taughtState(entries) {
  return JSON.stringify(entries.flatMap((e) => e.value && !observedSource(e.value) ? [[e.value.id, e.value.pattern, e.value.confidence, e.value.observations, e.value.sessions, e.value.state, e.value.scope, e.value.project ?? null, e.value.trigger, e.value.action, e.value.last_seen]] : []).sort());
}
function syncTaughtRules(ctx, instincts) {
  let state;
  try {
    state = readRulesState(ctx.home);
  } catch {
    return;
  }
  if (state.problems.length > 0) return;
  const taught = decideTaught(state.doc.taught, instincts, ctx.now.getTime(), ctx.config).rules;
  if (JSON.stringify(taught) === JSON.stringify(state.doc.taught)) return;
  try {
    writeRulesDoc(ctx.home, { ...state.doc, taught });
  } catch {
  }
}
function mutate(ctx, fn, opts = {}) {
  const nowIso = ctx.now.toISOString();
  return withStoreLock(
    ctx.home,
    () => {
      recoverStore(ctx.home);
      migrateLegacy(ctx.home, ctx.config, nowIso, { lockHeld: true });
      const instincts = scanInstincts(ctx.home, { classify: false });
      for (const e of instincts) if (observedSource(e.value)) classifyEntry(e);
      const facts = scanFacts(ctx.home, { classify: false });
      const m = { ctx, nowIso, nowMs: ctx.now.getTime(), instincts, facts, events: [], aliases: readAliases(ctx.home), aliasesChanged: false, txn: new StoreTxn(ctx.home) };
      const taughtBefore = taughtState(m.instincts);
      const result = fn(m);
      commit(m);
      if (taughtState(m.instincts) !== taughtBefore || opts.syncTaught) syncTaughtRules(ctx, live(m));
      try {
        writeIndex(ctx.home, { instincts: unchanged(instincts, layout.instincts(ctx.home), m.txn), facts: unchanged(facts, layout.facts(ctx.home), m.txn) });
      } catch {
      }
      return result;
    },
    opts
  );
}
function commit(m) {
  if (m.aliasesChanged) m.txn.write(layout.aliases(m.ctx.home), `${JSON.stringify({ aliases: Object.fromEntries([...m.aliases].sort()) }, null, 2)}
`);
  m.aliasesChanged = false;
  m.txn.commit(m.events);
  m.events = [];
}
var norm = (k) => k.toLowerCase();
function live(m) {
  return m.instincts.filter((e) => e.value).map((e) => e.value);
}
function indexOf(m) {
  const ix = m.index;
  if (ix && ix.of === m.instincts && ix.length === m.instincts.length) return ix;
  const byId = /* @__PURE__ */ new Map();
  const byFile = /* @__PURE__ */ new Map();
  for (const e of m.instincts) {
    if (e.value && !byId.has(e.value.id)) byId.set(e.value.id, e);
    if (!byFile.has(e.file)) byFile.set(e.file, e);
  }
  m.index = { of: m.instincts, length: m.instincts.length, byId, byFile };
  return m.index;
}
function entryOf(m, id) {
  return indexOf(m).byId.get(id);
}
function resolve3(m, ref) {
  const byId = entryOf(m, ref);
  if (byId) return byId;
  let key2;
  try {
    key2 = normalizeKey(ref);
  } catch {
    return void 0;
  }
  const target = m.aliases.get(norm(key2));
  const want = [norm(key2), ...target ? [norm(target)] : []];
  for (const w of want) {
    const e = m.instincts.find((x) => x.value && norm(x.value.pattern) === w);
    if (e) return e;
  }
  return void 0;
}
function changedFields(before, after) {
  const out = {};
  for (const [k, v] of Object.entries(after)) if (JSON.stringify(before[k]) !== JSON.stringify(v)) out[k] = v;
  for (const k of Object.keys(before)) if (!(k in after)) out[k] = void 0;
  return out;
}
function finish(m, x) {
  m.promoted ??= promotedKeys(m.ctx.home);
  const promoted = x.promoted_at !== void 0 || m.promoted.has(x.pattern);
  finishLevelState(x, promoted, m.nowMs, m.ctx.config);
}
function save(m, entry, x) {
  finish(m, x);
  const path = storePaths(m.ctx.home).instinct(x.id);
  let text;
  if (entry?.value && !observedSource(x)) {
    const newEvidence = x.evidence.filter((e2) => !entry.value.evidence.includes(e2));
    text = updateUserFile(entry.text, changedFields(instinctFields(entry.value), instinctFields(x)), newEvidence);
  } else {
    if (entry && !entry.pristine && observedSource(entry.value)) keepUserVersion(m.ctx.home, x.id, entry.text, m.nowIso, m.txn);
    text = renderInstinct2(x);
  }
  m.txn.write(path, text);
  const e = { file: `${x.id}.md`, stamp: void 0, text, value: x, pristine: true };
  const ix = indexOf(m);
  const old = ix.byFile.get(e.file);
  const i = old === void 0 ? -1 : m.instincts.indexOf(old);
  if (i === -1) m.instincts.push(e);
  else m.instincts[i] = e;
  ix.byFile.set(e.file, e);
  ix.byId.set(x.id, e);
  ix.length = m.instincts.length;
}
function saveFact(m, entry, x) {
  const path = storePaths(m.ctx.home).fact(x.id);
  const text = entry?.value ? updateUserFile(entry.text, changedFields(factFields(entry.value), factFields(x)), x.evidence.filter((e2) => !entry.value.evidence.includes(e2))) : renderFact(x);
  m.txn.write(path, text);
  const e = { file: `${x.id}.md`, stamp: void 0, text, value: x, pristine: true };
  const i = m.facts.findIndex((y) => y.file === e.file);
  if (i === -1) m.facts.push(e);
  else m.facts[i] = e;
}
function archiveInstinct(m, entry, reason) {
  const x = entry.value;
  archiveText(m.ctx.home, x.id, entry.text, m.nowIso, m.txn);
  m.txn.remove(storePaths(m.ctx.home).instinct(x.id));
  m.events.push(event(m.nowIso, x, -x.confidence, reason));
  const ix = indexOf(m);
  m.instincts = m.instincts.filter((e) => e !== entry);
  if (ix.byFile.get(entry.file) === entry) ix.byFile.delete(entry.file);
  if (ix.byId.get(x.id) === entry) ix.byId.delete(x.id);
  ix.of = m.instincts;
  ix.length = m.instincts.length;
}
function settleDecay(m, x, ref) {
  const eff = decayed(x.confidence, Date.parse(x.last_seen), m.nowMs, m.ctx.config);
  if (eff < x.confidence) {
    m.events.push(event(m.nowIso, ref, eff - x.confidence, `decay: unseen since ${x.last_seen.slice(0, 10)}`));
    x.confidence = eff;
  }
}
function latest(seen, nowIso) {
  return Date.parse(nowIso) > Date.parse(seen) ? nowIso : seen;
}
function addSession(x, session) {
  if (session === void 0 || x.session_ids.includes(session)) return;
  x.sessions++;
  x.session_ids = [...x.session_ids, session].slice(-MAX_SESSION_IDS);
}
function addProject(x, project, universal) {
  if (project === null || x.projects.includes(project)) return;
  x.projects = [...x.projects, project].sort();
  if (x.projects.length >= universal) {
    x.scope = "global";
    delete x.project;
  }
}

// store/verbs/feedback.ts
function applyFeedback(m, entry, x0, kind, reason) {
  const c = m.ctx.config;
  const x = { ...x0 };
  const ref = { id: x.id, pattern: x.pattern, ...x.project ? { project: x.project } : {}, source: x.source };
  const asked = feedbackDelta(kind, x.confirmed, c);
  let applied;
  if (observedSource(x)) {
    const score = x.score ?? x.confidence;
    const adj = round4(Math.min(c.maxConfidence - score, Math.max(-score, (x.adjustment ?? 0) + asked)));
    x.adjustment = adj;
    x.adjustment_runs = c.adjustmentAnalyses;
    x.adjustment_at = m.nowIso;
    const next = clamp(score + adj, c);
    applied = next - x.confidence;
    x.confidence = next;
  } else {
    settleDecay(m, x, ref);
    const next = clamp(x.confidence + asked, c);
    applied = next - x.confidence;
    x.confidence = next;
    x.last_seen = latest(x.last_seen, m.nowIso);
  }
  if (kind === "confirm") x.confirmed++;
  else if (kind === "correct") x.corrected++;
  else x.contradicted++;
  x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: ${kind}${m.ctx.session ? ` in session ${m.ctx.session}` : ""} (${applied >= 0 ? "+" : ""}${round4(applied)})`);
  m.events.push(event(m.nowIso, ref, applied, reason));
  save(m, entry, x);
  const out = { id: x.id, pattern: x.pattern, kind, delta: round4(applied), confidence: x.confidence, level: x.level };
  if (observedSource(x)) {
    out.adjustment = x.adjustment ?? 0;
    out.blocks_promotion = (x.adjustment ?? 0) < 0;
  }
  return out;
}
function turnFeedback(ctx, items, facts = []) {
  const kinds = { confirmed: "confirm", corrected: "correct", contradicted: "contradict" };
  return mutate(ctx, (m) => {
    const applied = [];
    const skipped = [];
    for (const it of items) {
      const entry = entryOf(m, it.id) ?? resolve3(m, it.pattern);
      if (!entry?.value) {
        skipped.push(it.id);
        continue;
      }
      const x = { ...entry.value, suggested: entry.value.suggested + 1 };
      if (it.outcome === "inactive") {
        x.inactive++;
        save(m, entry, x);
        applied.push({ ...it, delta: 0, confidence: x.confidence });
        continue;
      }
      const prevSession = m.ctx.session;
      m.ctx = { ...m.ctx, session: it.session };
      const r = applyFeedback(m, entry, x, kinds[it.outcome], `turn ${it.turn}: ${it.outcome} (${it.why})`);
      m.ctx = { ...m.ctx, ...prevSession !== void 0 ? { session: prevSession } : {} };
      if (prevSession === void 0) delete m.ctx.session;
      applied.push({ ...it, delta: r.delta, confidence: r.confidence });
    }
    const counts = /* @__PURE__ */ new Map();
    for (const f of facts) counts.set(f, (counts.get(f) ?? 0) + 1);
    for (const [id, n] of counts) {
      const entry = m.facts.find((e) => e.value?.id === id);
      if (!entry?.value) continue;
      saveFact(m, entry, { ...entry.value, suggested: entry.value.suggested + n });
    }
    return { applied, skipped };
  });
}

// store/verbs/merge.ts
function mergeIn(m, src, into) {
  const s = src.value;
  const t = { ...into.value };
  const ref = { id: t.id, pattern: t.pattern, ...t.project ? { project: t.project } : {}, source: t.source };
  t.observations += s.observations;
  for (const id of s.session_ids) addSession(t, id);
  t.sessions += Math.max(0, s.sessions - s.session_ids.length);
  for (const p of s.projects) addProject(t, p, m.ctx.config.universalProjects);
  if (s.first_seen < t.first_seen) t.first_seen = s.first_seen;
  if (s.last_seen > t.last_seen) t.last_seen = s.last_seen;
  t.confirmed += s.confirmed;
  t.corrected += s.corrected;
  t.contradicted += s.contradicted;
  t.aliases = [.../* @__PURE__ */ new Set([...t.aliases, s.pattern, ...s.aliases])];
  if (!observedSource(t) && s.confidence > t.confidence) {
    m.events.push(event(m.nowIso, ref, s.confidence - t.confidence, `merge: took the confidence of ${s.pattern}`));
    t.confidence = s.confidence;
  }
  t.evidence = withEvidence(t.evidence, `${m.nowIso.slice(0, 16)}Z: merged ${s.pattern} (${plural(s.observations, "observation")})`);
  save(m, into, t);
  archiveInstinct(m, src, `merged into ${t.pattern}`);
}

// store/verbs/promotion-marks.ts
function promoteIn(m, id, by) {
  const e = entryOf(m, id);
  const x = { ...e.value };
  const from = x.project;
  x.scope = "global";
  delete x.project;
  if (from !== void 0 && !x.projects.includes(from)) x.projects = [...x.projects, from].sort();
  x.evidence = withEvidence(x.evidence, `${m.nowIso.slice(0, 16)}Z: made global by ${by}${from ? ` (was project ${from})` : ""}`);
  save(m, e, x);
  return entryOf(m, id).value;
}

// store/verbs/dream-apply.ts
function dream(ctx, shadowTexts, opts = {}) {
  if (!opts.dryRun) refuseUnsafeClock(ctx, "dream");
  if (opts.dryRun) {
    const xs = scanInstincts(ctx.home).filter((e) => e.value).map((e) => e.value);
    return planDream(xs, shadowTexts, ctx.now.getTime(), ctx.config);
  }
  return mutate(ctx, (m) => {
    const plan = planDream(live(m), shadowTexts, m.nowMs, m.ctx.config);
    for (const r of plan.removed) {
      const e = entryOf(m, r.id);
      if (e?.value) archiveInstinct(m, e, `dream: ${r.reason}`);
    }
    for (const g of plan.merged) {
      const from = entryOf(m, g.from);
      const into = entryOf(m, g.into);
      if (!from?.value || !into?.value) continue;
      m.aliases.set(norm(from.value.pattern), into.value.pattern);
      m.aliasesChanged = true;
      mergeIn(m, from, into);
    }
    for (const c of plan.contradictions) {
      const weak = entryOf(m, c.weaker)?.value;
      const strong = entryOf(m, c.stronger)?.value;
      if (!weak || !strong) continue;
      applyFeedback(m, entryOf(m, weak.id), weak, "contradict", `dream: contradicts ${strong.pattern}`);
      const w = entryOf(m, weak.id).value;
      save(m, entryOf(m, weak.id), { ...w, contradicts: [...w.contradicts ?? [], strong.id] });
    }
    for (const p of plan.promoted) promoteIn(m, p.id, "dream");
    return plan;
  });
}

// store/verbs/dream-run.ts
function runDream(ctx, where, opts = {}) {
  const started = Date.now();
  const shadows2 = readShadowTexts(where.claudeDir, where.projectRoot);
  const plan = dream(ctx, shadows2, { dryRun: opts.dryRun === true });
  const out = { ...plan, dry_run: opts.dryRun === true, nothing_to_do: planIsEmpty(plan) };
  if (!opts.dryRun) {
    writeFileAtomic(layout.lastDream(ctx.home), `${JSON.stringify({ ts: ctx.now.toISOString() })}
`, { skipIfSame: false });
    appendAnalysisEvent(ctx.home, {
      ts: ctx.now.toISOString(),
      kind: "dream",
      by: opts.by ?? "cli",
      duration_ms: Date.now() - started,
      removed: plan.removed.length,
      merged: plan.merged.length,
      contradictions: plan.contradictions.length,
      promoted: plan.promoted.length,
      changed: [...plan.removed.map((r) => r.id), ...plan.merged.map((g) => g.from), ...plan.contradictions.map((c) => c.weaker), ...plan.promoted.map((p) => p.id)]
    });
    if (plan.promoted.length > 0) appendAnalysisEvent(ctx.home, { ts: ctx.now.toISOString(), kind: "promotion", by: "dream", to: "global", ids: plan.promoted.map((p) => p.id) });
  }
  return out;
}
function readLastDream(home) {
  try {
    const v = JSON.parse(readDataFile(layout.lastDream(home)).toString("utf8"));
    return typeof v?.ts === "string" && !Number.isNaN(Date.parse(v.ts)) ? { ts: v.ts } : void 0;
  } catch {
    return void 0;
  }
}
function sessionsSince(home, sinceMs) {
  const first = utcDay(sinceMs);
  const sessions = /* @__PURE__ */ new Set();
  let files;
  try {
    files = (0, import_node_fs27.readdirSync)(layout.observations(home)).filter((f) => /^\d{4}-\d\d-\d\d\.jsonl$/.test(f) && f.slice(0, 10) >= first);
  } catch {
    return 0;
  }
  const re = /"ts":"([^"]+)".*?"session":"([A-Za-z0-9_-]{1,128})"/;
  for (const f of files) {
    let text;
    try {
      text = readDataFile(`${layout.observations(home)}/${f}`).toString("utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      const m = re.exec(line);
      if (m && Date.parse(m[1]) > sinceMs) sessions.add(m[2]);
    }
  }
  return sessions.size;
}
function maybeDream(ctx, where, config) {
  const last = readLastDream(ctx.home);
  const nowMs = ctx.now.getTime();
  if (last === void 0) {
    writeFileAtomic(layout.lastDream(ctx.home), `${JSON.stringify({ ts: ctx.now.toISOString() })}
`);
    return void 0;
  }
  if (nowMs - Date.parse(last.ts) < config.dreamEveryDays * DAY_MS) return void 0;
  if (!dreamDue(last, sessionsSince(ctx.home, Date.parse(last.ts)), nowMs, config)) return void 0;
  return runDream(ctx, where, { by: "analyzer" });
}

// store/delivery/turn-apply.ts
function applyTurnFeedback(home, config, now, session, opts = {}) {
  const { entries, items, facts } = judgePending(home, now.getTime(), session);
  const outcomes = { confirmed: 0, corrected: 0, contradicted: 0, inactive: 0 };
  for (const it of items) outcomes[it.outcome]++;
  if (entries.length === 0 || opts.dryRun) return { turns: entries.length, outcomes, applied: [], skipped: [] };
  const r = items.length > 0 || facts.length > 0 ? turnFeedback({ home, config, now, project: null }, items, facts) : { applied: [], skipped: [] };
  markJudged(home, entries);
  try {
    appendAnalysisEvent(home, { ts: now.toISOString(), kind: "turn-feedback", turns: entries.length, ...outcomes, changed: r.applied.filter((a) => a.delta !== 0).map((a) => a.id), skipped: r.skipped });
  } catch {
  }
  return { turns: entries.length, outcomes, ...r };
}

// hooks/stop.ts
runHook("stop", async (home, env) => {
  assertDataHome(home);
  const { config } = loadConfig(home, env);
  const now = resolveNow(void 0, env);
  const report = runLoggedAnalysis({ home, now, config, by: "stop", gate: true, homeChecked: true });
  if (report?.readOnly) {
    logHookError(home, "stop", `read-only: ${report.readOnlyReason}: nothing was pruned, archived or written`);
    return;
  }
  let session;
  let cwd;
  try {
    const { scanner } = await scanStdin();
    session = idToken(scanner.result.top.get("session_id"));
    const c = scanner.result.top.get("cwd");
    cwd = typeof c === "string" && c.length > 0 ? c : void 0;
  } catch {
    session = void 0;
  }
  try {
    applyTurnFeedback(home, config, now, session);
  } catch (e) {
    logHookError(home, "stop", `turn feedback: ${e.message}`);
  }
  const project = currentProject(cwd, env);
  maybeDream({ home, config, now, project: project?.id ?? null }, { claudeDir: claudePaths("user", cwd ?? process.cwd(), env).dir, projectRoot: project?.root }, config);
});

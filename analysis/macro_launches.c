/* Launches written partly in a macro's definition and partly outside it:
 * `#define LAUNCH(k, ...) k<<<1, 32>>>(__VA_ARGS__)` used as
 * `LAUNCH(child, out)`, whose kernel name is an argument. The definition
 * cannot be rewritten for every kernel it is used with, so the lowering
 * writes the expansion of the use in the use's place and rewrites the
 * launch there (the definition stays, for the uses that need nothing).
 *
 * The use written out is the innermost one the source spells whose
 * expansion holds the launch. Every macro whose definition holds part of
 * such a launch, and every macro whose definition names one of those, is
 * expanded wherever an expansion meets it: so this runs once every launch
 * is known, and one use's expansion serves all its launches. A use that
 * both parses see must expand alike in both, as one text serves both
 * compilations of the lowered file. */
#include "macro_launches.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "launch_sites.h"
#include "macro_expansion.h"

/* The expansion of one spelled use, made once. */
typedef struct made_expansion {
    int unit;
    size_t use;
    bool done;
    cdpl_expansion expansion;
    char *why;
} made_expansion;

typedef struct macro_state {
    cdpl_context *context;
    cdpl_macros tables[2];  /* the host parse's, the device parse's */
    size_t nneeded;
    char **needed;
    size_t nchevrons;
    size_t *chevrons;       /* of launches whose kernel name only the expansion tells */
    size_t nmade;
    made_expansion **made;  /* each apart, so that a pointer to one stays good */
} macro_state;

static int unit_index(const cdpl_context *context, const cdpl_unit *unit) { return unit == &context->host ? 0 : 1; }

/* ---- refusing ---- */

static void refuse(macro_state *st, const cdpl_split_launch *split, const char *macro, const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void refuse(macro_state *st, const cdpl_split_launch *split, const char *macro, const char *format, ...)
{
    cdpl_context *context = st->context;
    cdpl_model *model = context->model;
    va_list args;
    va_start(args, format);
    char why[1024];
    vsnprintf(why, sizeof why, format, args);
    va_end(args);
    const char *kernel = split->reported ? NULL : model->functions[split->site.kernel].name;
    if (!split->reported && !split->site.device_side) {
        /* A host launch only matters if its kernel runs in the runtime. */
        size_t size = strlen(why) + (macro != NULL ? strlen(macro) : 0) + 128;
        char *construct = malloc(size);
        if (construct == NULL) {
            context->out_of_memory = true;
            return;
        }
        if (macro != NULL)
            snprintf(construct, size, "from a use of macro '%s' that cdp-lower cannot write out in its place (%s)",
                     macro, why);
        else
            snprintf(construct, size, "written partly inside a macro (%s)", why);
        cdpl_conditional_launch deferred = {split->site.kernel, split->site.loc, construct};
        if (!cdpl_append(context, &context->conditional_launches, &context->nconditional_launches, sizeof deferred,
                         &deferred))
            free(construct);
        return;
    }
    char launch[512];
    if (kernel != NULL) snprintf(launch, sizeof launch, "this launch of '%s'", kernel);
    else snprintf(launch, sizeof launch, "this device-side launch");
    if (macro != NULL)
        cdpl_model_diagnose(model, CDPL_ERROR, split->site.loc,
                            "%s comes from a use of macro '%s' that cdp-lower cannot write out in its place: %s",
                            launch, macro, why);
    else
        cdpl_model_diagnose(model, CDPL_ERROR, split->site.loc, "%s is written partly inside a macro: %s", launch,
                            why);
}

/* ---- the macros to expand ---- */

static bool is_needed(const macro_state *st, const char *name)
{
    for (size_t n = 0; n < st->nneeded; ++n)
        if (strcmp(st->needed[n], name) == 0) return true;
    return false;
}

static void need(macro_state *st, const char *name)
{
    if (is_needed(st, name)) return;
    char *copy = cdpl_strdup(st->context, name);
    if (copy != NULL && !cdpl_append(st->context, &st->needed, &st->nneeded, sizeof copy, &copy)) free(copy);
}

static void need_holder(macro_state *st, const cdpl_macros *table, size_t offset)
{
    size_t holder = offset != SIZE_MAX ? cdpl_macro_holding(table, offset) : SIZE_MAX;
    if (holder != SIZE_MAX) need(st, table->macros[holder].name);
}

/* Whether a macro's replacement list names a needed macro. */
static bool names_needed(const macro_state *st, const cdpl_macro *macro)
{
    const cdpl_model *model = st->context->model;
    for (unsigned t = macro->body; t < macro->tokens.count; ++t) {
        cdpl_range name = macro->tokens.ranges[t];
        for (size_t n = 0; n < st->nneeded; ++n)
            if (cdpl_text_is(model, name, st->needed[n])) return true;
    }
    return false;
}

/* The macros holding part of a split launch, and those that name them. */
static void find_needed(macro_state *st)
{
    cdpl_context *context = st->context;
    for (size_t s = 0; s < context->nsplit_launches; ++s) {
        const cdpl_split_launch *split = &context->split_launches[s];
        const cdpl_macros *table = &st->tables[unit_index(context, split->unit)];
        need_holder(st, table, split->callee);
        need_holder(st, table, split->chevrons);
        if (split->callee == SIZE_MAX && split->chevrons != SIZE_MAX)
            cdpl_append(context, &st->chevrons, &st->nchevrons, sizeof split->chevrons, &split->chevrons);
    }
    for (size_t before = SIZE_MAX; before != st->nneeded;) {
        before = st->nneeded;
        for (int u = 0; u < 2; ++u)
            for (size_t m = 0; m < st->tables[u].nmacros; ++m) {
                const cdpl_macro *macro = &st->tables[u].macros[m];
                if (macro->in_source && !is_needed(st, macro->name) && names_needed(st, macro))
                    need(st, macro->name);
            }
    }
}

/* ---- expansions ---- */

static void dispose_made(made_expansion *made)
{
    cdpl_expansion_dispose(&made->expansion);
    free(made->why);
    free(made);
}

static const made_expansion *expansion_of(macro_state *st, int unit, size_t use)
{
    for (size_t e = 0; e < st->nmade; ++e)
        if (st->made[e]->unit == unit && st->made[e]->use == use) return st->made[e];
    made_expansion *made = calloc(1, sizeof *made);
    if (made == NULL) {
        st->context->out_of_memory = true;
        return NULL;
    }
    *made = (made_expansion){unit, use, false, {0}, NULL};
    cdpl_macros_needed needed = {(const char *const *)st->needed, st->nneeded, st->chevrons, st->nchevrons};
    made->done = cdpl_expand_macro_use(st->context, &st->tables[unit], use, &needed, &made->expansion, &made->why);
    if (!cdpl_append(st->context, &st->made, &st->nmade, sizeof made, &made)) {
        dispose_made(made);
        return NULL;
    }
    return made;
}

static bool same_tokens(const cdpl_expansion_token *a, size_t na, const cdpl_expansion_token *b, size_t nb)
{
    if (na != nb) return false;
    for (size_t t = 0; t < na; ++t) {
        bool same_made = a[t].made == NULL ? b[t].made == NULL : b[t].made != NULL && strcmp(a[t].made, b[t].made) == 0;
        if (!same_made || a[t].written.begin != b[t].written.begin || a[t].written.end != b[t].written.end ||
            a[t].space_before != b[t].space_before)
            return false;
    }
    return true;
}

static size_t model_use_at(const cdpl_model *model, cdpl_range whole)
{
    for (size_t u = 0; u < model->nmacro_uses; ++u)
        if (model->macro_uses[u].whole.begin == whole.begin && model->macro_uses[u].whole.end == whole.end) return u;
    return SIZE_MAX;
}

/* The model's macro use for spelled use `use` of `unit`, added when new:
 * the other parse, if it sees the use, must expand it alike. SIZE_MAX,
 * refused, when it does not. */
static size_t model_use(macro_state *st, const cdpl_split_launch *split, int unit, size_t use,
                        const cdpl_expansion *expansion)
{
    cdpl_model *model = st->context->model;
    const cdpl_spelled_use *spelled = &st->tables[unit].uses[use];
    const char *name = st->tables[unit].macros[spelled->macro].name;
    size_t known = model_use_at(model, spelled->whole);
    bool alike = true;
    if (known != SIZE_MAX) {
        alike = same_tokens(model->macro_uses[known].tokens, model->macro_uses[known].ntokens, expansion->tokens,
                            expansion->ntokens);
    } else {
        size_t other = cdpl_macro_use_at(&st->tables[1 - unit], spelled->whole.begin);
        if (other != SIZE_MAX && st->tables[1 - unit].uses[other].whole.end == spelled->whole.end) {
            const made_expansion *there = expansion_of(st, 1 - unit, other);
            alike = there != NULL && there->done &&
                    same_tokens(there->expansion.tokens, there->expansion.ntokens, expansion->tokens,
                                expansion->ntokens);
        }
    }
    if (!alike) {
        refuse(st, split, name,
               "'%s' expands differently for the host and for the device (a definition under #if "
               "__CUDA_ARCH__?), and one text serves both",
               name);
        return SIZE_MAX;
    }
    if (known != SIZE_MAX) return known;
    cdpl_macro_use added = {cdpl_strdup(st->context, name), spelled->whole, 0,
                            calloc(expansion->ntokens + 1, sizeof *added.tokens)};
    bool copied = added.macro != NULL && added.tokens != NULL;
    for (size_t t = 0; copied && t < expansion->ntokens; ++t) {
        added.tokens[t] = expansion->tokens[t];
        added.tokens[t].made = expansion->tokens[t].made != NULL ? cdpl_strdup(st->context, expansion->tokens[t].made)
                                                                 : NULL;
        copied = expansion->tokens[t].made == NULL || added.tokens[t].made != NULL;
        added.ntokens = t + 1;
    }
    if (copied && cdpl_append(st->context, &model->macro_uses, &model->nmacro_uses, sizeof added, &added))
        return model->nmacro_uses - 1;
    for (size_t t = 0; t < added.ntokens; ++t) free(added.tokens[t].made);
    free(added.tokens);
    free(added.macro);
    st->context->out_of_memory = true;
    return SIZE_MAX;
}

/* ---- the launch in an expansion ---- */

/* The text a launch in the use's expansion may take: the line before the
 * use, the expansion, the text after the use up to `until`; `place` says
 * where the expansion is among it. */
static bool launch_text(macro_state *st, const cdpl_unit *unit, cdpl_range use, const cdpl_expansion *expansion,
                        size_t until, cdpl_tokens *text, cdpl_expansion_place *place)
{
    cdpl_context *context = st->context;
    const cdpl_model *model = context->model;
    size_t line = use.begin;
    while (line > 0 && model->source[line - 1] != '\n') --line;
    cdpl_tokens before = {0}, after = {0};
    bool done = cdpl_tokenize(context, unit, (cdpl_range){line, use.begin}, &before) &&
                cdpl_tokenize(context, unit, (cdpl_range){use.end, until}, &after);
    *text = (cdpl_tokens){0};
    for (unsigned t = 0; done && t < before.count; ++t) done = cdpl_tokens_add(context, text, before.ranges[t], before.kinds[t]);
    place->first = text->count;
    for (size_t t = 0; done && t < expansion->ntokens; ++t)
        done = cdpl_tokens_add(context, text, expansion->tokens[t].written, expansion->kinds[t]);
    place->end = text->count;
    for (unsigned t = 0; done && t < after.count; ++t) done = cdpl_tokens_add(context, text, after.ranges[t], after.kinds[t]);
    cdpl_tokens_dispose(&before);
    cdpl_tokens_dispose(&after);
    return done;
}

/* Whether a site of model use `use` already has token `t` as part `part`. */
static bool claimed(const cdpl_model *model, size_t use, int part, size_t t)
{
    for (size_t l = 0; use != SIZE_MAX && l < model->nlaunches; ++l)
        if (model->launches[l].macro_use == use && model->launches[l].expanded[part] == t) return true;
    return false;
}

/* The token of the launch's text that is the split launch's kernel name,
 * or its `<<<` when the device-side parse reported only that: one at its
 * spelled offset, the first not yet another site's of model use `use` (an
 * expansion may copy a token twice). *found: there is one. */
static unsigned anchor_token(const cdpl_model *model, const cdpl_split_launch *split, const cdpl_tokens *text,
                             const cdpl_expansion_place *place, size_t use, bool *found)
{
    bool at_chevrons = split->reported && split->callee == SIZE_MAX;
    size_t offset = at_chevrons ? split->chevrons : split->callee;
    int part = at_chevrons ? CDPL_LAUNCH_OPEN_CHEVRONS : CDPL_LAUNCH_NAME;
    unsigned first = text->count;
    *found = false;
    for (unsigned t = 0; t < text->count; ++t) {
        if (text->ranges[t].begin != offset || text->ranges[t].end == offset) continue;
        cdpl_launch_tokens parts;
        if (!split->reported && (!cdpl_match_launch(model, text, t, &parts) ||
                                 text->ranges[parts.open_chevrons].begin != split->chevrons))
            continue;
        if (first == text->count) first = t;
        size_t in_expansion = t >= place->first && t < place->end ? t - place->first : SIZE_MAX;
        if (!claimed(model, use, part, in_expansion)) {
            *found = true;
            return t;
        }
    }
    *found = first < text->count;
    return first;
}

/* Finds the launch in the expansion of spelled use `use`, and with `add`
 * adds its site; false when it is not there, or refused. */
static bool find_in_use(macro_state *st, const cdpl_split_launch *split, int unit, size_t use, bool add,
                        bool *refused)
{
    cdpl_context *context = st->context;
    cdpl_model *model = context->model;
    const made_expansion *made = expansion_of(st, unit, use);
    const char *name = st->tables[unit].macros[st->tables[unit].uses[use].macro].name;
    *refused = made == NULL || !made->done;
    if (made != NULL && !made->done && made->why != NULL) refuse(st, split, name, "%s", made->why);
    if (*refused) return false;
    cdpl_range whole = st->tables[unit].uses[use].whole;
    size_t line_end = cdpl_logical_line(model, whole.end).end;
    size_t caller = split->site.caller;
    size_t body_end = caller < model->nfunctions ? model->functions[caller].body.end : line_end;
    /* Most launches end on the use's line; the rest is looked at only then. */
    for (int attempt = 0; attempt < 2; ++attempt) {
        size_t until = attempt == 0 ? line_end : body_end;
        if (attempt == 1 && body_end <= line_end) break;
        cdpl_tokens text;
        cdpl_expansion_place place = {SIZE_MAX, 0, 0};
        if (!launch_text(st, split->unit, whole, &made->expansion, until, &text, &place)) return false;
        bool found = false;
        unsigned at = anchor_token(model, split, &text, &place, model_use_at(model, whole), &found);
        if (found && add) {
            place.use = model_use(st, split, unit, use, &made->expansion);
            if (place.use == SIZE_MAX) {
                *refused = true;
            } else if (split->reported) {
                found = cdpl_read_reported_launch(context, &text, at, split->callee == SIZE_MAX, caller,
                                                  split->use, &place);
            } else {
                cdpl_launch_site site = split->site;
                cdpl_launch_tokens parts;
                cdpl_match_launch(model, &text, at, &parts);
                cdpl_set_launch_tokens(context, &site, &text, &parts);
                cdpl_place_in_expansion(&site, &place, &parts);
                cdpl_add_launch(context, &site);
            }
        }
        cdpl_tokens_dispose(&text);
        if (found || *refused) return found && !*refused;
    }
    return false;
}

/* The innermost spelled use whose expansion holds the launch: one inside
 * the outermost use, holding what of the launch the source spells there.
 * SIZE_MAX, refused, when there is none. */
static size_t innermost_use(macro_state *st, const cdpl_split_launch *split)
{
    int unit = unit_index(st->context, split->unit);
    const cdpl_macros *table = &st->tables[unit];
    size_t top = cdpl_macro_use_at(table, split->use);
    if (top == SIZE_MAX) {
        refuse(st, split, NULL, "cdp-lower cannot find the macro use it comes from");
        return SIZE_MAX;
    }
    cdpl_range outer = table->uses[top].whole;
    const char *outer_name = table->macros[table->uses[top].macro].name;
    if (!table->macros[table->uses[top].macro].in_source) {
        refuse(st, split, outer_name,
               "'%s' is defined outside the source cdp-lower rewrites (in a system header or on the command line)",
               outer_name);
        return SIZE_MAX;
    }
    if (split->reported ? split->callee == SIZE_MAX && split->chevrons == SIZE_MAX
                        : split->callee == SIZE_MAX || split->chevrons == SIZE_MAX) {
        refuse(st, split, outer_name,
               "the launch's kernel name or `<<<` is not written in the source cdp-lower rewrites (`##` made it, "
               "or a macro of another file holds it)");
        return SIZE_MAX;
    }
    size_t anchors[2] = {split->callee, split->chevrons}, *candidates = calloc(table->nuses + 1, sizeof *candidates);
    size_t ncandidates = 0, chosen = SIZE_MAX;
    if (candidates == NULL) {
        st->context->out_of_memory = true;
        return SIZE_MAX;
    }
    for (size_t u = 0; u < table->nuses; ++u) {
        cdpl_range whole = table->uses[u].whole;
        bool holds = whole.begin >= outer.begin && whole.end <= outer.end;
        for (int a = 0; a < 2 && holds; ++a)
            holds = anchors[a] < outer.begin || anchors[a] >= outer.end ||
                    (anchors[a] >= whole.begin && anchors[a] < whole.end);
        size_t at = ncandidates++;
        for (; holds && at > 0; --at) {
            cdpl_range before = table->uses[candidates[at - 1]].whole;
            if (before.end - before.begin <= whole.end - whole.begin) break;
            candidates[at] = candidates[at - 1];
        }
        if (holds) candidates[at] = u;
        else --ncandidates;
    }
    bool refused = false;
    for (size_t c = 0; c < ncandidates && chosen == SIZE_MAX && !refused; ++c)
        if (find_in_use(st, split, unit, candidates[c], false, &refused)) chosen = candidates[c];
    free(candidates);
    if (chosen == SIZE_MAX && !refused)
        refuse(st, split, outer_name,
               "cdp-lower cannot find the launch in its expansion (is a part of it made by `##`, or written in a "
               "macro of another file?)");
    return chosen;
}

/* Writes each launch's site in the use chosen for it, or in the outermost
 * use chosen for another launch that holds it: one written out holds the
 * expansions of those inside it. */
static void add_sites(macro_state *st, const size_t *chosen)
{
    cdpl_context *context = st->context;
    for (size_t s = 0; s < context->nsplit_launches; ++s) {
        if (chosen[s] == SIZE_MAX) continue;
        const cdpl_split_launch *split = &context->split_launches[s];
        int unit = unit_index(context, split->unit);
        const cdpl_macros *table = &st->tables[unit];
        cdpl_range whole = table->uses[chosen[s]].whole;
        for (size_t o = 0; o < context->nsplit_launches; ++o) {
            if (chosen[o] == SIZE_MAX) continue;
            const cdpl_macros *other = &st->tables[unit_index(context, context->split_launches[o].unit)];
            cdpl_range outer = other->uses[chosen[o]].whole;
            if (outer.begin <= whole.begin && whole.end <= outer.end) whole = outer;
        }
        size_t use = cdpl_macro_use_at(table, whole.begin);
        bool refused = false;
        if (use == SIZE_MAX || table->uses[use].whole.end != whole.end)
            refuse(st, split, table->macros[table->uses[chosen[s]].macro].name,
                   "the use that holds it is seen by only one of the host and the device parses");
        else if (!find_in_use(st, split, unit, use, true, &refused) && !refused)
            refuse(st, split, table->macros[table->uses[use].macro].name,
                   "cdp-lower cannot find the launch in its expansion once the use around it is written out");
    }
}

void cdpl_find_launches_in_macro_uses(cdpl_context *context)
{
    if (context->nsplit_launches == 0) return;
    macro_state st = {context, {{0}, {0}}, 0, NULL, 0, NULL, 0, NULL};
    if (cdpl_macros_read(context, &context->host, &st.tables[0]) &&
        cdpl_macros_read(context, &context->device, &st.tables[1])) {
        find_needed(&st);
        size_t *chosen = calloc(context->nsplit_launches, sizeof *chosen);
        for (size_t s = 0; chosen != NULL && s < context->nsplit_launches && !context->out_of_memory; ++s)
            chosen[s] = innermost_use(&st, &context->split_launches[s]);
        if (chosen != NULL && !context->out_of_memory) add_sites(&st, chosen);
        if (chosen == NULL) context->out_of_memory = true;
        free(chosen);
    }
    for (int u = 0; u < 2; ++u) cdpl_macros_dispose(&st.tables[u]);
    for (size_t n = 0; n < st.nneeded; ++n) free(st.needed[n]);
    free(st.needed);
    free(st.chevrons);
    for (size_t e = 0; e < st.nmade; ++e) dispose_made(st.made[e]);
    free(st.made);
    free(context->split_launches);
    context->split_launches = NULL;
    context->nsplit_launches = 0;
}

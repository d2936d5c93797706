package io.jenkins.plugins.stackdrift;

import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.kohsuke.stapler.export.DataWriter;
import org.kohsuke.stapler.export.Exported;
import org.kohsuke.stapler.export.ExportedBean;
import org.kohsuke.stapler.export.Flavor;
import org.kohsuke.stapler.export.Model;
import org.kohsuke.stapler.export.ModelBuilder;
import org.kohsuke.stapler.export.Property;
import org.kohsuke.stapler.export.TreePruner;

/**
 * Writes objects with Stapler's own exporter the two ways Jenkins does: {@code /api/json?depth=d} (Stapler's
 * {@code ResponseImpl}: {@code new TreePruner.ByDepth(1 - depth)} over the object's model) and
 * {@code currentBuild.getBuildCauses()} (workflow-support's {@code RunWrapper}: {@code model.writeTo(causeAction, writer)},
 * that is {@code ByDepth(1)} over a {@code CauseAction}). {@link #hidden} lists the exported properties an object
 * placed some levels down does not show: the check that every exported getter has the visibility its place needs.
 */
public final class StaplerExport {
    private static final ModelBuilder MODELS = new ModelBuilder();
    private static final ObjectMapper JSON = new ObjectMapper();

    private StaplerExport() {
    }

    /** Levels below the exported object: a build's or job's actions are one down, a build's causes two. */
    public enum Place {
        ACTION(1), CAUSE(2);

        private final int level;

        Place(final int level) {
            this.level = level;
        }
    }

    /** {@code <object>/api/json?depth=<depth>}, parsed. */
    public static JsonNode apiJson(final Object bean, final int depth) throws IOException {
        return write(bean, new TreePruner.ByDepth(1 - depth));
    }

    /** What {@code currentBuild.getBuildCauses()} gives for one cause (RunWrapper takes {@code causes[0]}). */
    @SuppressWarnings("deprecation")
    public static JsonNode buildCause(final Object causeAction) throws IOException {
        StringWriter out = new StringWriter();
        Model<Object> model = model(causeAction);
        // RunWrapper: new ModelBuilder().get(CauseAction.class).writeTo(causeAction, writer)
        model.writeTo(causeAction, Flavor.JSON.createDataWriter(causeAction, out));
        return JSON.readTree(out.toString()).get("causes").get(0);
    }

    private static JsonNode write(final Object bean, final TreePruner pruner) throws IOException {
        StringWriter out = new StringWriter();
        DataWriter writer = Flavor.JSON.createDataWriter(bean, out);
        model(bean).writeTo(bean, pruner, writer);
        return JSON.readTree(out.toString());
    }

    @SuppressWarnings("unchecked")
    private static Model<Object> model(final Object bean) {
        return (Model<Object>) MODELS.get(bean.getClass());
    }

    /**
     * The exported properties (with those of the beans they hold, all the way down) that {@code /api/json} at its
     * default depth leaves out when {@code bean} sits at {@code place}: each as {@code Type.property}. Empty when
     * everything shows.
     */
    public static List<String> hidden(final Object bean, final Place place) throws IOException {
        List<String> hidden = new ArrayList<>();
        walk(bean, write(bean, new TreePruner.ByDepth(1 + place.level)), hidden);
        return hidden;
    }

    private static void walk(final Object bean, final JsonNode node, final List<String> hidden) throws IOException {
        for (Model<?> m = model(bean); m != null; m = m.superModel) {
            for (Property p : m.getProperties()) {
                Object value = valueOf(p, bean);
                if (value == null) {
                    continue;
                }
                String name = bean.getClass().getSimpleName() + "." + p.name;
                JsonNode child = node == null ? null : node.get(p.name);
                if (child == null) {
                    hidden.add(name);
                    continue;
                }
                if (value instanceof Collection<?> items) {
                    int i = 0;
                    for (Object item : items) {
                        if (isBean(item)) {
                            walk(item, child.get(i), hidden);
                        }
                        i++;
                    }
                } else if (isBean(value)) {
                    walk(value, child, hidden);
                }
            }
        }
    }

    private static Object valueOf(final Property p, final Object bean) throws IOException {
        try {
            return p.getValue(bean);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IOException("cannot read " + p.name + " of " + bean.getClass().getName(), e);
        }
    }

    /**
     * The members of {@code type} (declared in it and its superclasses) exported with a visibility below {@code minimum},
     * counting the declaring class's {@code defaultVisibility} for those that set none, each as {@code Type.member}.
     */
    public static List<String> lowVisibility(final Class<?> type, final int minimum) {
        List<String> low = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            ExportedBean bean = c.getAnnotation(ExportedBean.class);
            int byDefault = bean == null ? 1 : bean.defaultVisibility();
            List<AccessibleObject> members = new ArrayList<>(List.of(c.getDeclaredMethods()));
            members.addAll(List.of(c.getDeclaredFields()));
            for (AccessibleObject member : members) {
                Exported exported = member.getAnnotation(Exported.class);
                if (exported != null && (exported.visibility() == 0 ? byDefault : exported.visibility()) < minimum) {
                    low.add(type.getSimpleName() + "." + ((Member) member).getName());
                }
            }
        }
        return low;
    }

    private static boolean isBean(final Object value) {
        return value != null && value.getClass().isAnnotationPresent(ExportedBean.class);
    }

    /**
     * A build or a job as core exports it for this purpose: {@code Actionable.getAllActions()} is
     * {@code @Exported(name = "actions")} with the bean's default visibility (core {@code hudson/model/Actionable.java}).
     */
    @ExportedBean
    public static final class Actionable {
        private final List<Object> actions;

        public Actionable(final Object... actions) {
            this.actions = List.of(actions);
        }

        @Exported(name = "actions")
        public List<Object> getAllActions() {
            return actions;
        }
    }
}

package io.stackdrift.ownership;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.model.Action;
import io.stackdrift.model.Cause;
import io.stackdrift.model.Change;

class OwnershipSplitTest {
    private static Change drift(final String address, final String... paths) {
        return new Change(Action.UPDATE, address.replaceAll("\\..*", ""), address, List.of(paths), Cause.DRIFT);
    }

    private static IgnorePath ignore(final String text) {
        return IgnorePath.parse(text).orElseThrow();
    }

    @Test
    void driftWhollyOnOwnedPathsMovesToOwnedElsewhere() {
        Change asg = drift("aws_autoscaling_group.web", "desired_capacity");
        OwnershipSplit split = OwnershipSplit.of(List.of(asg), List.of(ignore("aws_autoscaling_group.web.desired_capacity")));
        assertThat(split.drift()).isEmpty();
        assertThat(split.ownedElsewhere()).containsExactly(asg);
    }

    @Test
    void aChangeWithOwnedAndOtherPathsIsSplitByPath() {
        Change web = drift("aws_instance.web", "tags.Name", "tags.Team", "instance_type");
        OwnershipSplit split = OwnershipSplit.of(List.of(web), List.of(ignore("aws_instance.web.tags")));
        assertThat(split.drift()).containsExactly(web.withPaths(List.of("instance_type")));
        assertThat(split.ownedElsewhere()).containsExactly(web.withPaths(List.of("tags.Name", "tags.Team")));
    }

    @Test
    void anInstanceKeyLimitsThePathToThatInstance() {
        Change zero = drift("aws_instance.web[0]", "tags.Name");
        Change one = drift("aws_instance.web[1]", "tags.Name");
        OwnershipSplit split = OwnershipSplit.of(List.of(zero, one), List.of(ignore("aws_instance.web[0].tags[\"Name\"]")));
        assertThat(split.drift()).containsExactly(one);
        assertThat(split.ownedElsewhere()).containsExactly(zero);
        assertThat(OwnershipSplit.of(List.of(zero, one), List.of(ignore("aws_instance.web.tags"))).drift()).isEmpty();
    }

    @Test
    void otherResourcesModulesPathlessChangesAndUnreadablePathsStayDrift() {
        List<Change> changes = List.of(
                drift("aws_instance.web2", "tags.Name"),
                drift("module.app.aws_instance.web", "tags.Name"),
                new Change(Action.DELETE, "aws_instance", "aws_instance.web", List.of(), Cause.DRIFT),
                drift("aws_instance.web", "tags..Name"));
        OwnershipSplit split = OwnershipSplit.of(changes, List.of(ignore("aws_instance.web.tags")));
        assertThat(split.drift()).containsExactlyElementsOf(changes);
        assertThat(split.ownedElsewhere()).isEmpty();
    }

    @Test
    void aSiblingWithACommonPrefixIsNotOwned() {
        Change c = drift("aws_instance.web", "tags_all.Name");
        assertThat(OwnershipSplit.of(List.of(c), List.of(ignore("aws_instance.web.tags"))).drift()).containsExactly(c);
    }
}
